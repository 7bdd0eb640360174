import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../support/server';
import type { ResourceSchema } from '../../common/schema/types';

/** Additive schema changes reach the table on start; destructive ones are refused until migrated. */
describe('schema changes on start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-data-'));
  const schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-schemas-'));
  const file = path.join(schemasDir, 'visit-notes.json');
  const original = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'visit-notes.schema.json'), 'utf8')) as ResourceSchema;
  const write = (schema: ResourceSchema) => fs.writeFileSync(file, JSON.stringify(schema));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(schemasDir, { recursive: true, force: true });
  });

  const columns = async (server: Awaited<ReturnType<typeof startServer>>) =>
    (
      await server.database.db
        .selectFrom('information_schema.columns' as never)
        .select(['column_name' as never])
        .where('table_name' as never, '=', 'visit_notes' as never)
        .execute()
    ).map((c) => (c as { column_name: string }).column_name);

  it('adds a new field as a column and keeps the rows', async () => {
    write(original);
    const first = await startServer('', { dataDir, schemasDir, seedDemo: false });
    await first.database.db.insertInto('visit_notes' as never).values({ id: '6f1c1d1e-0000-4000-8000-000000000001', title: 'Kept', visit_date: '2026-11-01', mood: 'calm', concurrency_stamp: 'x' } as never).execute();
    await first.stop();

    write({ ...original, properties: { ...original.properties, durationMinutes: { type: ['integer', 'null'], title: 'Duration', minimum: 0, maximum: 1440, 'x-sortable': true } } });
    const second = await startServer('', { dataDir, schemasDir, seedDemo: false });
    try {
      expect(await columns(second)).toContain('duration_minutes');
      const rows = await second.database.db.selectFrom('visit_notes' as never).select(['title' as never]).execute();
      expect(rows).toEqual([{ title: 'Kept' }]);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start on a changed type or a removed field, naming the column', async () => {
    write({ ...original, properties: { ...original.properties, durationMinutes: { type: ['string', 'null'], title: 'Duration', maxLength: 10 } } });
    await expect(startServer('', { dataDir, schemasDir, seedDemo: false })).rejects.toThrow(/visit_notes\.duration_minutes is integer in the database but text in the schema/);

    const withoutBody = { ...original, properties: { ...original.properties }, 'x-resource': { ...original['x-resource'], list: { ...original['x-resource'].list, search: ['title'] } } };
    delete withoutBody.properties.body;
    write({ ...withoutBody, properties: { ...withoutBody.properties, durationMinutes: { type: ['integer', 'null'], title: 'Duration' } } });
    await expect(startServer('', { dataDir, schemasDir, seedDemo: false })).rejects.toThrow(/visit_notes\.body \(text\) was removed from the schema/);
  });
});
