import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BrowserValidators } from '../../server/schema-engine/browser-validators';
import { buildModel } from '../../server/schema-engine/resource-model';
import type { SchemaCheck } from '../../src/schema/validation/compile';
import type { SchemaError } from '../../common/schema/validation';
import { formErrors, type Translate } from '../../src/schema/validation/messages';
import { toPayload } from '../../src/schema/payload';
import { fieldTitle } from '../../src/schema/labels';
import { GADGETS } from './schema-fixtures';

/** English 'validation' texts as the server and the browser load them, with i18next's {{x}}. */
const english = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'locales', 'en', 'validation.json'), 'utf8')) as Record<string, string>;
const plural = new Intl.PluralRules('en');
/** With a count, the key's plural form (maxLength_one, maxLength_other), as i18next picks it. */
const translate: Translate = (key, values = {}) => {
  const name = key.replace(/^validation:/, '');
  const text = typeof values.count === 'number' ? (english[`${name}_${plural.select(values.count)}`] ?? english[name]) : english[name];
  return (text ?? key).replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(values[v] ?? ''));
};

/** The module the server serves the browser for GADGETS, imported as the browser imports it. */
async function served(schema: typeof GADGETS): Promise<{ check: SchemaCheck; code: string }> {
  const validators = new BrowserValidators([buildModel(schema)]);
  const path = validators.urlOf(schema['x-resource'].name)!;
  const code = await validators.code(path.split('/').pop()!)!;
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-validator-')), 'validator.mjs');
  writeFileSync(file, code);
  const validate = ((await import(pathToFileURL(file).href)) as { default: { (data: unknown): boolean; errors?: SchemaError[] | null } }).default;
  return { code, check: (payload) => (validate(payload) ? [] : (validate.errors ?? [])) };
}

let gadgets: { check: SchemaCheck; code: string };
beforeAll(async () => {
  gadgets = await served(GADGETS);
});

function errorsFor(values: Record<string, unknown>) {
  const payload = toPayload(values, GADGETS);
  return formErrors(payload, gadgets.check(payload), GADGETS, translate, (field) => fieldTitle(GADGETS, field));
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

  it('validates the body the server validates: writable properties, their required ones, nothing else', async () => {
    const { check } = await served({ ...GADGETS, required: [...GADGETS.required!, 'serial'] });
    const body = { name: 'Watch', kind: 'watch', launchDate: '2026-03-01', price: 10 };
    expect(check(body)).toEqual([]);
    // serial is read-only (the server sets it): not required of the form, and refused if sent.
    expect(check({ ...body, serial: 'S' }).map((e) => e.keyword)).toEqual(['additionalProperties']);
    expect(check({ ...body, usage: 1 }).map((e) => e.keyword)).toEqual(['additionalProperties']);
    expect(check({ name: 'Watch' }).map((e) => (e.params as { missingProperty?: string }).missingProperty).sort()).toEqual(['kind', 'launchDate', 'price']);
  });

  it('builds each module once however many anonymous callers ask at once, and nothing for a name no schema has', async () => {
    const validators = new BrowserValidators([buildModel(GADGETS)]);
    const key = validators.urlOf(GADGETS['x-resource'].name)!.split('/').pop()!;
    const asked = Array.from({ length: 50 }, () => validators.code(key));
    expect(new Set(asked).size).toBe(1);
    await asked[0];
    expect(validators.code(key)).toBe(asked[0]);
    for (const other of ['0'.repeat(20) + '.js', '../../package.json', key.replace('.js', '.mjs'), 'toString', '__proto__']) expect(validators.code(other)).toBeUndefined();
  });

  it('is a self-contained module that compiles nothing at run time (the CSP allows no eval)', () => {
    // (ajv's helpers carry their own source as a string, 'require("…")': data, not a call.)
    expect(gadgets.code).not.toMatch(/\bnew Function\b|\beval\(|(^|[^'"\w])require\(|\bimport\s*[{(*]/);
    expect(gadgets.code).toMatch(/export\s*\{/);
  });
});
