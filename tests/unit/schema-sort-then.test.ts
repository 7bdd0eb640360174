import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../server/schema-engine/load-schemas';

/** `x-resource.list.sort.then`: the fields that order rows a list's sort leaves tied. */
describe('a list’s tie-breaking sort fields', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sort-then-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const load = (then: string[]) => {
    fs.cpSync(path.join(import.meta.dirname, '..', '..', 'schemas'), dir, { recursive: true });
    const file = path.join(dir, 'alarm-texts.json');
    const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { 'x-resource': { list: { sort: { then?: string[] } } } };
    schema['x-resource'].list.sort.then = then;
    fs.writeFileSync(file, JSON.stringify(schema));
    return () => loadSchemas(dir);
  };

  it('are stored properties', () => {
    expect(load(['language', 'subject'])().find((r) => r['x-resource'].name === 'alarm-texts')!['x-resource'].list.sort?.then).toEqual(['language', 'subject']);
  });

  it('refuse a field that is not one, naming it', () => {
    expect(load(['languge'])).toThrow(/sort.then field 'languge' must be a stored property/);
  });
});
