import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { sql } from 'kysely';
import { reclassify } from '../../server/history/reclassify';
import { startServer, type TestServer } from '../support/server';
import { bypassingProxy, TcpProxy, throughProxy } from '../support/tcp-proxy';

/**
 * The database connection is cut while a tenant's history moves to its new retention class (seen
 * in pg_stat_activity on a connection of the test's own): the move fails, no device's history is
 * half-moved and no row is lost; once the database is back the move finishes. Needs a PostgreSQL
 * server (TEST_DATABASE_URL).
 */
const target = process.env.TEST_DATABASE_URL;
const DEVICES = 20;
const FIXES = 2000;

describe.skipIf(!target)('a history move when the database connection is cut', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let watcher: pg.Client;
  const tenantId = randomUUID();

  beforeAll(async () => {
    const url = new URL(target!);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    server = await startServer(throughProxy(target!, await proxy.listen()), { workers: false });
    const db = server.database.db;
    await db.insertInto('tenants').values({ id: tenantId, name: 'Moving Care', normalized_name: 'MOVING CARE', concurrency_stamp: randomUUID() }).execute();
    const now = Date.now();
    for (let d = 0; d < DEVICES; d++) {
      const deviceId = randomUUID();
      await sql`insert into devices (id, tenant_id, name, imei, concurrency_stamp) values (${deviceId}, ${tenantId}, ${`Watch ${d}`}, ${`35693803570${String(d).padStart(4, '0')}`}, 'x')`.execute(db);
      // A fix every 10 minutes over the last two weeks: all within the new period, so none may go.
      await sql`insert into positions (id, tenant_id, device_id, fix_time, latitude, longitude)
        select gen_random_uuid(), ${tenantId}, ${deviceId}, to_timestamp(${Math.floor(now / 1000)}::bigint - g * 600), 55, 12 from generate_series(1, ${FIXES}) g`.execute(db);
    }
    watcher = await bypassingProxy(server.config.databaseUrl, target!);
  }, 120_000);

  afterAll(async () => {
    await watcher?.end();
    await server?.stop();
    await proxy?.close();
  });

  /** Per device, the classes its history is in. */
  const classes = async () => {
    const { rows } = await watcher.query<{ device_id: string; k: number[]; n: string }>(
      `select device_id, array_agg(distinct keep_days) as k, count(*)::text as n from positions where tenant_id = $1 group by device_id`,
      [tenantId],
    );
    return rows;
  };

  async function moving(deadline: number): Promise<boolean> {
    while (Date.now() < deadline) {
      const { rows } = await watcher.query<{ n: string }>(
        `select count(*)::text as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike '%with gone as%'`,
      );
      if (Number(rows[0]!.n) > 0) return true;
      await new Promise((r) => setImmediate(r));
    }
    return false;
  }

  it('fails without a half-moved device or a lost row, and finishes once the database is back', async () => {
    const db = server.database.db;
    await db.insertInto('tenant_retention').values({ tenant_id: tenantId, history_days: 30, pending: true }).execute();
    const run = reclassify(db);
    expect(await moving(Date.now() + 20_000)).toBe(true);
    proxy.blocked = true;
    proxy.cut();
    await expect(run).rejects.toThrow();

    const cut = await classes();
    expect(cut).toHaveLength(DEVICES);
    for (const device of cut) {
      expect(device.k.length, `device ${device.device_id} is in ${device.k.join(' and ')}`).toBe(1);
      expect(Number(device.n)).toBe(FIXES);
    }
    expect(cut.some((d) => d.k[0] === 90)).toBe(true);
    const pending = await watcher.query<{ pending: boolean }>('select pending from tenant_retention where tenant_id = $1', [tenantId]);
    expect(pending.rows[0]!.pending).toBe(true);

    proxy.blocked = false;
    let done: Awaited<ReturnType<typeof reclassify>> | undefined;
    for (let i = 0; !done && i < 40; i++) {
      done = await reclassify(db).catch(async () => {
        await new Promise((r) => setTimeout(r, 250));
        return undefined;
      });
    }
    expect(done).toBeDefined();
    const after = await classes();
    expect(after.every((d) => d.k.length === 1 && d.k[0] === 30 && Number(d.n) === FIXES)).toBe(true);
    expect((await watcher.query<{ pending: boolean }>('select pending from tenant_retention where tenant_id = $1', [tenantId])).rows[0]!.pending).toBe(false);
  }, 90_000);
});
