import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodySchema, compileSchema } from '../../src/schema/validation/compile';
import { formErrors, type Translate } from '../../src/schema/validation/messages';
import { toPayload } from '../../src/schema/payload';
import { fieldTitle } from '../../src/schema/labels';
import { GADGETS } from './schema-fixtures';

/** English 'validation' texts as the server and the browser load them, with i18next's {{x}}. */
const english = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'locales', 'en', 'validation.json'), 'utf8')) as Record<string, string>;
const translate: Translate = (key, values = {}) =>
  (english[key.replace(/^validation:/, '')] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

function errorsFor(values: Record<string, unknown>) {
  const payload = toPayload(values, GADGETS);
  return formErrors(payload, compileSchema(GADGETS)(payload), GADGETS, translate, (field) => fieldTitle(GADGETS, field));
}

const valid = { name: 'Watch', kind: 'watch', launchDate: '2026-03-01', price: 10 };

describe('browser validation = server validation', () => {
  it('accepts a valid record, concurrency stamp included', () => {
    expect(errorsFor({ ...valid, concurrencyStamp: 'abc', id: 'x', serial: 'S' })).toEqual({});
  });

  it('says which required fields are missing, with their labels', () => {
    expect(errorsFor({ name: '', kind: 'watch' })).toEqual({
      name: 'Name is required',
      launchDate: 'Launch date is required',
      price: 'Price is required',
    });
  });

  it('maps keywords to the shared messages, x-messages first', () => {
    expect(errorsFor({ ...valid, name: 'x'.repeat(21), discount: 150, email: 'nope', price: -1, kind: 'other' })).toEqual({
      name: 'Must be at most 20 characters',
      discount: 'The discount must be between 0 and 100',
      email: 'Email must be valid!',
      price: 'Must be >= 0',
      kind: 'Kind is invalid',
    });
  });

  it('checks x-after with the other field named by its label', () => {
    expect(errorsFor({ ...valid, endDate: '2026-02-01' })).toEqual({ endDate: 'End date must be after Launch date' });
    expect(errorsFor({ ...valid, endDate: '2026-04-01' })).toEqual({});
  });

  it('validates the body the server validates: writable properties, their required ones, nothing else', () => {
    const body = bodySchema({ ...GADGETS, required: [...GADGETS.required!, 'serial'] });
    expect(Object.keys(body.properties as object)).not.toContain('serial');
    expect(Object.keys(body.properties as object)).not.toContain('usage');
    expect(body.required).toEqual(['name', 'kind', 'launchDate', 'price']);
    expect(body.additionalProperties).toBe(false);
  });
});
