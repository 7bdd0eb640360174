import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import { arrayLiteral, inArray, unnest } from '../../server/db/unnest';

type Row = { id: string; note: string | null; n: number | null; at: Date | null; ok: boolean | null; doc: string | null };

describe('unnest column arrays', () => {
  let pglite: PGlite;
  let db: Kysely<{ t: Row }>;
  beforeAll(async () => {
    pglite = await PGlite.create();
    db = new Kysely({ dialect: new PGliteDialect(pglite) });
    await sql`create table t (id uuid primary key, note text, n float8, at timestamptz, ok boolean, doc jsonb)`.execute(db);
  });
  afterAll(async () => db.destroy());

  it('writes text as given, whatever quotes, backslashes, braces, commas or words it holds', async () => {
    const notes = ['plain', 'with "quotes"', 'back\\slash\\', '{braces},commas', 'NULL', '', ' spaced ', 'æøå 🙂', 'new\nline', null];
    const rows: Row[] = notes.map((note, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      note,
      n: i === 3 ? null : i * 1.5 - 4.25,
      at: i === 4 ? null : new Date(Date.UTC(2026, 10, 22, 10, i, 30, 123)),
      ok: i % 3 === 0 ? null : i % 2 === 0,
      doc: i === 5 ? null : JSON.stringify({ note, list: [i, 'a"b'] }),
    }));
    await sql`insert into t select * from ${unnest<Row>('v', { id: 'uuid', note: 'text', n: 'float8', at: 'timestamptz', ok: 'boolean', doc: 'jsonb' }, rows)}`.execute(db);
    const back = await db.selectFrom('t').selectAll().orderBy('id').execute();
    expect(back.map((r) => r.note)).toEqual(notes);
    expect(back.map((r) => r.n)).toEqual(rows.map((r) => r.n));
    expect(back.map((r) => (r.at ? new Date(r.at).toISOString() : null))).toEqual(rows.map((r) => r.at?.toISOString() ?? null));
    expect(back.map((r) => r.ok)).toEqual(rows.map((r) => r.ok));
    expect(back.map((r) => r.doc)).toEqual(rows.map((r) => (r.doc === null ? null : JSON.parse(r.doc))));
    const some = await db.selectFrom('t').select('id').where(inArray('id', 'uuid', [rows[1]!.id, rows[7]!.id])).orderBy('id').execute();
    expect(some.map((r) => r.id)).toEqual([rows[1]!.id, rows[7]!.id]);
  });

  it('refuses a number that is not finite rather than writing something else', () => {
    expect(() => arrayLiteral('float8', [1, Number.NaN])).toThrow(/finite/);
    expect(arrayLiteral('int', [1, null, 3])).toBe('{1,NULL,3}');
  });
});
