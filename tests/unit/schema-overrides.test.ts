import { describe, expect, it } from 'vitest';
import { mergeParts, partsOf } from '../../src/schema/parts';
import { humanize, schemaTexts } from '../../src/schema/labels';
import { isProtectedPath } from '../../src/routing/isProtectedPath';
import { GADGETS } from './schema-fixtures';

const List = () => null;
const Edit = () => null;
const Icon = () => null;

describe('hand-written parts (src/resources/<name>/index.ts)', () => {
  it('reads named exports or a default export object, ignoring anything else', () => {
    expect(partsOf({ list: List, helper: 1 })).toEqual({ list: List });
    expect(partsOf({ default: { edit: Edit, icon: Icon } })).toEqual({ edit: Edit, icon: Icon });
  });

  it('replaces only what the override names', () => {
    const generated = { list: 'gen-list', edit: 'gen-edit', show: 'gen-show', create: 'gen-create', recordRepresentation: 'name' };
    const merged = mergeParts(generated as never, { edit: Edit, recordRepresentation: 'code' });
    expect(merged).toEqual({ list: 'gen-list', edit: Edit, show: 'gen-show', create: 'gen-create', recordRepresentation: 'code' });
  });
});

describe('labels from the schema itself', () => {
  it('builds English fallbacks from titles and x-translations.en', () => {
    const texts = schemaTexts([GADGETS]).resources.gadgets!;
    expect(texts.name).toBe('Gadgets');
    expect(texts.fields.launchDate).toBe('Launch date');
    expect(texts.fields.ownerId).toBe('Owner id');
    expect(texts.enums.kind).toEqual({ watch: 'Watch', band: 'Band' });
    expect(texts.tabs.general).toBe('General');
    expect(humanize('discountPercentage')).toBe('Discount percentage');
  });
});

describe('paths the shell renders', () => {
  it('hands every non-public path to a signed-in user\'s shell (any may be a schema resource)', () => {
    expect(isProtectedPath('/gadgets', true)).toBe(true);
    expect(isProtectedPath('/gadgets/42/show', true)).toBe(true);
    expect(isProtectedPath('/gadgets', false)).toBe(false);
    expect(isProtectedPath('/login', true)).toBe(false);
    expect(isProtectedPath('/mobile-app-tos', true)).toBe(false);
  });
});
