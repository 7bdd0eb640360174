import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { columnsOf, legacySearchIndexName, searchIndexName, tableOf } from '../../server/schema-engine/columns';
import { syncTables } from '../../server/schema-engine/sync-tables';
import { searchIndexesBuilt } from '../../server/schema-engine/search-indexes';
import { createScratchDatabase, DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { captureStatements, type Statement } from '../support/sql-capture';

/** A table's trigram indexes: name -> whether it is valid, and its definition. */
async function trigramIndexes(db: Db, table: string): Promise<Map<string, { valid: boolean; def: string }>> {
  const { rows } = await sql<{ name: string; valid: boolean; def: string }>`
    select i.relname as name, x.indisvalid as valid, pg_get_indexdef(x.indexrelid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = ${table} and pg_get_indexdef(x.indexrelid) like '%gin_trgm_ops%'`.execute(db);
  return new Map(rows.map((r) => [r.name, { valid: r.valid, def: r.def }]));
}

/**
 * The plan of a statement. A test table is small enough that reading it whole is cheapest, so
 * sequential scans are priced out (in a transaction of its own, so no other query sees that).
 */
async function explain(db: Db, s: Statement): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${s.text}`, s.values));
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe.each(DATABASES)('trigram indexes for the list search on $name', ({ name, url }) => {
  const kind = name as 'pglite' | 'postgres';
  let server: TestServer;
  let db: Db;
  let staff: string;
  let tenantId: string;

  const list = async (query: Record<string, string>) => {
    const res = await fetch(`${server.url}/api/app/productInstance?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${staff}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as { totalCount: number; items: { name: string }[] };
  };
  let serial = 0;
  const addDevices = (names: string[]) =>
    db
      .insertInto('devices')
      .values(names.map((n) => ({ id: randomUUID(), tenant_id: tenantId, name: n, imei: `77${String(++serial).padStart(13, '0')}`, concurrency_stamp: 'x' })))
      .execute();

  beforeAll(async () => {
    server = await startServer(url);
    db = server.database.db;
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    tenantId = (await db.selectFrom('users').select('tenant_id').where('user_name', '=', 'staff').executeTakeFirstOrThrow()).tenant_id!;
  });
  afterAll(async () => server?.stop());

  it('gives every field of every x-resource.list.search a valid trigram index, and a second sync changes nothing', async () => {
    let fields = 0;
    for (const schema of server.engine.schemas) {
      const table = tableOf(schema);
      const indexes = await trigramIndexes(db, table);
      for (const c of columnsOf(schema).filter((col) => col.search)) {
        fields++;
        const index = indexes.get(searchIndexName(table, c.column));
        expect(index?.valid, `${table}.${c.column}`).toBe(true);
        // A tenant's resource has tenant_id first, so a small tenant's search reads its own rows.
        const tenant = schema['x-resource'].scope === 'tenant' ? 'tenant_id, ' : '';
        expect(index?.def).toMatch(new RegExp(`USING gin \\(${tenant}lower\\(${c.column}\\) (\\w+\\.)?gin_trgm_ops\\) WHERE \\(NOT is_deleted\\)`));
      }
    }
    expect(fields).toBe(server.engine.schemas.reduce((n, s) => n + (s['x-resource'].list.search?.length ?? 0), 0));
    expect(fields).toBeGreaterThan(30);
    expect(await syncTables(db, server.engine.schemas)).toEqual([]);
  });

  /** The count and page statements the server sends for one list call, and its answer. */
  const searchStatements = async (query: Record<string, string>) => {
    let page = { totalCount: 0, items: [] as { name: string }[] };
    const issued = await captureStatements(kind, async () => {
      page = await list(query);
    });
    const searches = issued.filter((s) => /\bilike\b/i.test(s.text) && /\bfrom "devices"/.test(s.text));
    expect(searches.map((s) => (/count\(\*\)/.test(s.text) ? 'count' : 'page')).sort()).toEqual(['count', 'page']);
    return { page, searches };
  };

  // 20,000 devices in the tenant: 1,000 named so that they sit at the low end of the name order,
  // 10 with a rare word, the rest alike.
  const names = Array.from({ length: 20_000 }, (_, i) => (i % 20 === 0 ? `Aaron Quistgaard ${i}` : i % 2000 === 1 ? `Tessellate ${i}` : `Zelda Person ${i}`));

  it('answers a Filter from the trigram index, in the count and in the page', async () => {
    for (let i = 0; i < names.length; i += 2000) await addDevices(names.slice(i, i + 2000));
    // As autovacuum would: statistics, and the GIN indexes' pending entries moved into the index.
    await sql`vacuum analyze devices`.execute(db);
    const { page, searches } = await searchStatements({ Filter: 'essellat', Sorting: 'name desc', MaxResultCount: '5' });
    expect(page.totalCount).toBe(10);
    expect(page.items.map((i) => i.name)).toEqual(names.filter((n) => n.includes('Tessellate')).sort().reverse().slice(0, 5));
    for (const s of searches) {
      const plan = await explain(db, s);
      expect(plan, plan).toMatch(new RegExp(`Bitmap Index Scan on ${searchIndexName('devices', 'name')}`));
      expect(plan, plan).not.toMatch(/Seq Scan on devices/);
    }
  });

  it("answers the device stock's Filter (name, IMEI, device ID or the SIM card's ICCID) and the device picker from the search indexes", async () => {
    const get = async <T>(path: string) => {
      const res = await fetch(`${server.url}/api/app/productInstance/${path}`, { headers: { authorization: `Bearer ${staff}` } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    // A demo watch of the tenant with a SIM card, found by the middle of its ICCID.
    const paired = await sql<{ id: string; iccid: string }>`
      select d.id, s.iccid from devices d join simcards s on s.id = d.sim_card_id
      where d.tenant_id = ${tenantId} and not d.is_deleted and not s.is_deleted order by d.name limit 1`.execute(db);
    const { id: pairedId, iccid } = paired.rows[0]!;
    // Enough SIM cards that reading them all costs more than the ICCID's search index.
    await sql`insert into simcards (id, tenant_id, iccid, status, concurrency_stamp)
      select gen_random_uuid(), ${tenantId}, '8945' || lpad(g::text, 15, '0'), 'active', 'x' from generate_series(1, 20000) g`.execute(db);
    await sql`vacuum analyze simcards`.execute(db);
    const issued = await captureStatements(kind, async () => {
      const stock = await get<{ totalCount: number; items: { name: string }[] }>('hostData?Filter=essellat&Sorting=name&MaxResultCount=5');
      expect(stock.totalCount).toBe(10);
      expect(stock.items.map((i) => i.name)).toEqual(names.filter((n) => n.includes('Tessellate')).sort().slice(0, 5));
      const lookup = await get<{ items: { name: string }[] }>('product-lookup?Filter=ESSELLAT&MaxResultCount=50');
      expect(lookup.items).toHaveLength(10);
    });
    const bySim = await get<{ items: { id: string }[] }>(`hostData?Filter=${iccid.slice(6, 14)}&MaxResultCount=100`);
    expect(bySim.items.map((i) => i.id)).toContain(pairedId);

    const searches = issued.filter((s) => /\bilike\b/i.test(s.text));
    // The stock's count and page, and the picker.
    expect(searches).toHaveLength(3);
    for (const s of searches) {
      const plan = await explain(db, s);
      expect(plan, plan).toMatch(new RegExp(`Bitmap Index Scan on ${searchIndexName('devices', 'name')}`));
      expect(plan, plan).not.toMatch(/Seq Scan on (devices|simcards)/);
      if (/"simcards"/.test(s.text)) expect(plan, plan).toMatch(new RegExp(`Bitmap Index Scan on ${searchIndexName('simcards', 'iccid')}`));
    }
  });

  it('does not walk the sort index to find matches that all sit at its far end', async () => {
    // Sorted by name desc, walking devices_name_idx backwards reads 19,000 rows before the first
    // Quistgaard; the planner would, expecting 1,000 matches spread evenly.
    const { page, searches } = await searchStatements({ Filter: 'quistgaard', Sorting: 'name desc', MaxResultCount: '10' });
    expect(page.totalCount).toBe(1000);
    expect(page.items.map((i) => i.name)).toEqual(names.filter((n) => n.includes('Quist')).sort().reverse().slice(0, 10));
    for (const s of searches) {
      const plan = await explain(db, s);
      expect(plan, plan).not.toMatch(/Index Scan Backward|Seq Scan on devices/);
    }
  });

  it("looks an IMEI up on the unique index, never on the search index (the ingest's directory of watches)", async () => {
    // The statement the ingest sends for the watches it does not know yet (server/ingest/device-directory.ts).
    const imeis = Array.from({ length: 300 }, (_, i) => `77${String(i * 7 + 1).padStart(13, '0')}`);
    const lookup = db.selectFrom('devices').select(['id', 'tenant_id', 'name', 'imei']).where('imei', 'in', imeis).where('is_deleted', '=', false).compile();
    const plan = await explain(db, { text: lookup.sql, values: [...lookup.parameters] });
    expect(plan, plan).toMatch(/Index (Only )?Scan using devices_imei_/);
    expect(plan, plan).not.toMatch(/_search|_trgm|Seq Scan/);
    const found = await db.executeQuery(lookup);
    expect(found.rows).toHaveLength(300);
  });

  it('drops the earlier search index over the bare column, which the planner took for equality', async () => {
    const legacy = legacySearchIndexName('devices', 'imei');
    await sql`create index ${sql.id(legacy)} on devices using gin (tenant_id, imei gin_trgm_ops) where not is_deleted`.execute(db);
    expect(await syncTables(db, server.engine.schemas)).toEqual([`dropped ${legacy}`]);
    const devices = server.engine.schemas.find((schema) => tableOf(schema) === 'devices')!;
    const wanted = columnsOf(devices).filter((c) => c.search).map((c) => searchIndexName('devices', c.column));
    expect([...(await trigramIndexes(db, 'devices')).keys()].sort()).toEqual(wanted.sort());
  });

  it('matches %, _ and \\ in a Filter literally', async () => {
    await addDevices(['Lit%eral', 'Lit_eral', 'Lit\\eral', 'LitXeral', 'Lit eral']);
    const found = async (filter: string) => (await list({ Filter: filter, MaxResultCount: '100' })).items.map((i) => i.name).sort();
    expect(await found('Lit%')).toEqual(['Lit%eral']);
    expect(await found('Lit_')).toEqual(['Lit_eral']);
    expect(await found('Lit\\')).toEqual(['Lit\\eral']);
    expect(await found('t%e')).toEqual(['Lit%eral']);
    expect(await found('lit')).toHaveLength(5);
  });

  it('builds a missing or broken index again: concurrently after the start on a big PostgreSQL table, at once on PGlite', async () => {
    const nameIndex = searchIndexName('devices', 'name');
    const imeiIndex = searchIndexName('devices', 'imei');
    await sql`drop index ${sql.id(nameIndex)}`.execute(db);
    // What a failed CREATE INDEX CONCURRENTLY leaves behind.
    await sql`update pg_index set indisvalid = false where indexrelid = ${imeiIndex}::regclass`.execute(db);
    const changes = await syncTables(db, server.engine.schemas, { inlineIndexBytes: 0, log: { warn: () => undefined, info: () => undefined } });
    expect(changes.sort()).toEqual(
      kind === 'postgres'
        ? [`building ${imeiIndex} concurrently after the start`, `building ${nameIndex} concurrently after the start`]
        : [`created ${imeiIndex}`, `created ${nameIndex}`],
    );
    await searchIndexesBuilt(db);
    const indexes = await trigramIndexes(db, 'devices');
    expect(indexes.get(nameIndex)?.valid).toBe(true);
    expect(indexes.get(imeiIndex)?.valid).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL user who may not install pg_trgm and btree_gin', () => {
  it('starts anyway, warns naming the extensions, and the Filter still works', async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const scratch = await createScratchDatabase(admin);
    const role = `vigil_no_ext_${randomUUID().slice(0, 8)}`;
    const superuser = new pg.Client({ connectionString: scratch.url });
    await superuser.connect();
    // May create tables in the public schema, but not extensions (that needs CREATE on the database).
    await superuser.query(`create role ${role} login`);
    await superuser.query(`grant create, usage on schema public to ${role}`);
    await superuser.end();
    const limited = new URL(scratch.url);
    limited.username = role;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let server: TestServer | undefined;
    try {
      server = await startServer('', { databaseUrl: limited.toString() });
      expect(warn.mock.calls.flat().join('\n')).toMatch(/extensions pg_trgm and btree_gin are not installed and could not be \(permission denied.*create extension pg_trgm;.*create extension btree_gin;/s);
      expect(await trigramIndexes(server.database.db, 'devices')).toEqual(new Map());
      const token = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
      const res = await fetch(`${server.url}/api/app/productInstance?Filter=a`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { totalCount: number }).totalCount).toBeGreaterThan(0);
    } finally {
      warn.mockRestore();
      await server?.stop();
      await scratch.drop();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop role if exists ${role}`);
      await c.end();
    }
  });
});
