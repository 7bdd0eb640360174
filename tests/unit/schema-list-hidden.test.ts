import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../server/schema-engine/load-schemas';

/** `x-resource.list.hidden`: columns a list starts without, offered by its Columns button. */
describe('a list’s hidden columns', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-hidden-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'care-visits.schema.json'), 'utf8')) as { 'x-resource': { list: { columns: string[]; hidden?: string[] } } };
  const load = (hidden: string[]) => {
    const schema = structuredClone(fixture);
    schema['x-resource'].list.hidden = hidden;
    fs.writeFileSync(path.join(dir, 'care-visits.json'), JSON.stringify(schema));
    // The resources it refers to, and theirs.
    fs.cpSync(path.join(import.meta.dirname, '..', '..', 'schemas'), dir, { recursive: true });
    return () => loadSchemas(dir);
  };

  it('are some of its columns', () => {
    const column = fixture['x-resource'].list.columns.at(-1)!;
    expect(load([column])().find((r) => r['x-resource'].name === 'care-visits')!['x-resource'].list.hidden).toEqual([column]);
  });

  it('refuse a field that is not one of its columns, naming it', () => {
    expect(load(['notes'])).toThrow(/hidden column 'notes' is not one of list.columns/);
  });
});
