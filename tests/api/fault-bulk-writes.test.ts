import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';
import { bypassingProxy, TcpProxy, throughProxy } from '../support/tcp-proxy';

/**
 * The database connection is cut while a bulk write's transaction is open (seen in
 * pg_stat_activity on a connection of the test's own, not through the proxy): the answer is a
 * 503 and not one record changed; once the database is back the same request writes them all.
 * Needs a PostgreSQL server (TEST_DATABASE_URL).
 */
const target = process.env.TEST_DATABASE_URL;
const ENDPOINT = '/api/app/organizations-overviews';
const COUNT = 300;

describe.skipIf(!target)('a bulk write when the database connection is cut', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let watcher: pg.Client;
  let token: string;
  const ids: string[] = [];
  const call = caller(() => server);

  beforeAll(async () => {
    const url = new URL(target!);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    server = await startServer(throughProxy(target!, await proxy.listen()));
    const user = await createTenantUser(server.database.db, { tenant: 'Cut Tenant', userName: 'cut-admin', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    token = (await tokensFor(server.url, user.userName, user.password)).access_token;
    for (let i = 0; i < COUNT; i += 10) {
      // Ten at a time: admission control queues at most 32 back-office calls.
      const made = await Promise.all(Array.from({ length: Math.min(10, COUNT - i) }, (_, k) => call(token, 'POST', ENDPOINT, { name: `Org ${i + k}`, city: 'Before' })));
      for (const r of made) expect(r.status).toBe(200);
      ids.push(...made.map((r) => (r.body as { id: string }).id));
    }
    watcher = await bypassingProxy(server.config.databaseUrl, target!);
  }, 120_000);

  afterAll(async () => {
    await watcher?.end();
    await server?.stop();
    await proxy?.close();
  });

  /** Resolves once a transaction of the server's is open on the organizations table. */
  async function transactionOpen(deadline: number): Promise<boolean> {
    while (Date.now() < deadline) {
      const { rows } = await watcher.query<{ n: string }>(
        `select count(*)::text as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null and query ilike '%organization%'`,
      );
      if (Number(rows[0]!.n) > 0) return true;
      await new Promise((r) => setTimeout(r, 2));
    }
    return false;
  }

  const cities = async () => {
    const { rows } = await watcher.query<{ city: string; n: string }>(`select city, count(*)::text as n from organizations where id = any($1::uuid[]) and not is_deleted group by city`, [ids]);
    return Object.fromEntries(rows.map((r) => [r.city, Number(r.n)]));
  };

  it.each([
    ['PUT', `${ENDPOINT}/bulk`, () => ({ ids, data: { city: 'After' } }), { After: COUNT }],
    ['POST', `${ENDPOINT}/bulk-delete`, () => ({ ids }), {}],
  ] as const)('%s %s: 503 and nothing written mid-transaction, all of it after', async (method, path, body, after) => {
    expect(await cities()).toEqual(method === 'PUT' ? { Before: COUNT } : { After: COUNT });
    const before = await cities();
    const pending = call(token, method, path, body());
    expect(await transactionOpen(Date.now() + 10_000)).toBe(true);
    proxy.blocked = true;
    proxy.cut();
    const res = await pending;
    expect(res.status).toBe(503);
    expect((res.body as { error: { code: string } }).error.code).toBe('Vigil:DatabaseUnavailable');
    expect(await cities()).toEqual(before);
    proxy.blocked = false;
    let again = await call(token, method, path, body());
    for (let i = 0; again.status === 503 && i < 40; i++) {
      await new Promise((r) => setTimeout(r, 250));
      again = await call(token, method, path, body());
    }
    expect(again.status).toBe(method === 'PUT' ? 200 : 204);
    expect(await cities()).toEqual(after);
  }, 60_000);
});
