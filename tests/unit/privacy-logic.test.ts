import { describe, expect, it } from 'vitest';
import { confirmationMatches, exportPending, fileSize, nonEmptyKinds } from '../../src/pages/app/privacy/logic';
import { confirmationMatches as serverMatches } from '../../server/privacy/erasure';
import type { Subject } from '../../server/privacy/subject';
import { csvField, csvLine } from '../../server/privacy/csv';

/** The privacy panels' rules (src/pages/app/privacy/logic.ts) and the server's confirmation and CSV rules they mirror. */
describe('privacy panels', () => {
  it('enables erasure only for the exact confirmation text, spacing aside', () => {
    expect(confirmationMatches('ERASE Anna Jensen', 'ERASE Anna Jensen')).toBe(true);
    expect(confirmationMatches('  ERASE   Anna Jensen ', 'ERASE Anna Jensen')).toBe(true);
    expect(confirmationMatches('erase anna jensen', 'ERASE Anna Jensen')).toBe(false);
    expect(confirmationMatches('ERASE Anna', 'ERASE Anna Jensen')).toBe(false);
    // No preview yet: nothing to match.
    expect(confirmationMatches('', '')).toBe(false);
  });

  it('agrees with the server on what confirms (the caller\'s language or English)', () => {
    const subject: Subject = { type: 'citizen', id: 'x', tenantId: null, name: 'Anna Jensen', email: null, deviceIds: [] };
    expect(serverMatches(subject, 'da', 'SLET Anna Jensen')).toBe(true);
    expect(serverMatches(subject, 'da', 'ERASE  Anna Jensen')).toBe(true);
    expect(serverMatches(subject, 'en', 'SLET Anna Jensen')).toBe(false);
    expect(serverMatches(subject, 'en', undefined)).toBe(false);
  });

  it('keeps asking while an export is queued or running, and stops after', () => {
    expect(exportPending({ state: 'queued' })).toBe(true);
    expect(exportPending({ state: 'running' })).toBe(true);
    for (const state of ['ready', 'downloaded', 'failed'] as const) expect(exportPending({ state })).toBe(false);
    expect(exportPending(undefined)).toBe(false);
  });

  it('shows sizes and the non-empty kinds, largest first', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(999)).toBe('999 B');
    expect(fileSize(1_250_000)).toBe('1.3 MB');
    expect(fileSize(1_250_000, 'da')).toBe('1,3 MB');
    expect(nonEmptyKinds({ positions: 10, events: 0, receivers: 2 })).toEqual([['positions', 10], ['receivers', 2]]);
  });

  it('writes CSV as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvLine(['x', 1, true])).toBe('x,1,true\r\n');
  });
});
