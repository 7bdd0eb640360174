import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../server/commands/templates';

/** `{variable}` placeholders of command templates (server/commands/templates.ts). */
describe('command template filling', () => {
  it('fills every placeholder, also one used twice', () => {
    expect(fillTemplate('SOS{n},{number}#{n}', ['n', 'number'], { n: '1', number: '+4511223344' })).toEqual({ text: 'SOS1,+4511223344#1' });
    expect(fillTemplate('RESET#', [], {})).toEqual({ text: 'RESET#' });
  });

  it('refuses unknown, missing, empty and unsafe values', () => {
    expect(fillTemplate('UPLOAD,{s}#', ['s'], { s: '60', x: '1' })).toEqual({ problems: [{ kind: 'unknown', name: 'x' }] });
    expect(fillTemplate('UPLOAD,{s}#', ['s'], {})).toEqual({ problems: [{ kind: 'missing', name: 's' }] });
    expect(fillTemplate('UPLOAD,{s}#', ['s'], { s: '' })).toEqual({ problems: [{ kind: 'missing', name: 's' }] });
    expect(fillTemplate('UPLOAD,{s}#', ['s'], { s: '{s}' })).toEqual({ problems: [{ kind: 'invalid', name: 's' }] });
    expect(fillTemplate('MSG,{t}#', ['t'], { t: 'two\nlines' })).toEqual({ problems: [{ kind: 'invalid', name: 't' }] });
  });

  it('accepts a declared variable the text does not use (nothing to fill)', () => {
    expect(fillTemplate('RESET#', ['spare'], { spare: 'x' })).toEqual({ text: 'RESET#' });
  });
});
