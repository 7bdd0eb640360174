import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPolicyNames, isHostOnlyPolicy } from '../../common/policies';
import { DEMO_PASSWORD, DEMO_TENANT, DEMO_USERS } from '../../server/seed/demo';
import { ANONYMOUS } from '../../server/permissions/guard';
import type { Db } from '../../server/db/database';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/** Tables that hold tenant rows: every table with both an id and a tenant_id column. */
async function tenantTables(db: Db): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name in ('id', 'tenant_id')
    group by c.table_name having count(*) = 2 order by c.table_name`.execute(db);
  return rows.rows.map((r) => r.table_name);
}

/** The answer's text; of an endpoint that streams (server-sent events), what comes in its first second. */
async function bodyOf(res: Response): Promise<string> {
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stop = setTimeout(() => void reader.cancel(), 1000);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // cancelled after the first second
  } finally {
    clearTimeout(stop);
  }
  return text;
}

/** A fingerprint of everything a tenant owns, table by table. */
async function fingerprint(db: Db, tables: string[], tenantId: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<{ h: string }>`select md5(coalesce(string_agg(t::text, '|' order by t.id::text), '')) as h from ${sql.table(table)} t where t.tenant_id = ${tenantId}`.execute(db);
    result[table] = rows[0]!.h;
  }
  return result;
}

/**
 * Generated from the route catalogue and the database, not written by hand: a user of tenant B
 * holding every tenant policy calls every API route with the ids of tenant A's rows (in the path,
 * the query and the body, and naming tenant A in __tenant). Nothing of tenant A may show in any
 * answer, and none of tenant A's rows may change.
 */
describe.each(DATABASES)('tenant isolation across every route on $name', ({ url }) => {
  let server: TestServer;
  let tenantA: string;
  let tokenB: string;
  let tables: string[];
  let idsOfA: string[];

  beforeAll(async () => {
    server = await startServer(url);
    const { db } = server.database;
    tenantA = (await db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow()).id;
    // Tenant A's staff leave traces of their own (sign-ins, audit entries) before B starts.
    await tokensFor(server.url, DEMO_USERS.staff.userName, DEMO_PASSWORD);
    const tenantPolicies = allPolicyNames().filter((p) => !isHostOnlyPolicy(p));
    const b = await createTenantUser(db, { tenant: 'Tenant B Care', userName: 'tenant-b-everything', role: 'Everything', policies: tenantPolicies });
    tokenB = (await tokensFor(server.url, b.userName, b.password)).access_token;
    tables = await tenantTables(db);
    idsOfA = [];
    for (const table of tables) {
      const { rows } = await sql<{ id: string }>`select t.id::text as id from ${sql.table(table)} t where t.tenant_id = ${tenantA} order by t.id limit 2`.execute(db);
      idsOfA.push(...rows.map((r) => r.id));
    }
  });
  afterAll(async () => server?.stop());

  it('finds tenant A rows in the tenant tables to try', () => {
    expect(tables).toEqual(expect.arrayContaining(['users', 'roles', 'devices', 'audit_logs', 'security_logs']));
    expect(idsOfA.length).toBeGreaterThan(8);
  });

  /** Calls every route (or only GETs) as `token` with tenant A's ids everywhere; returns what went wrong. */
  async function probe(token: string, methods?: string[]) {
    const routes = server.app.routeCatalogue.filter((r) => r.policy !== ANONYMOUS && (!methods || methods.includes(r.method)));
    const leaks: string[] = [];
    const failures: string[] = [];
    const calls: (() => Promise<void>)[] = [];
    for (const route of routes) {
      const hasParams = /:\w+/.test(route.url);
      for (const id of hasParams ? idsOfA : [idsOfA[0]!]) {
        const path = route.url.replace(/:\w+/g, id).replace(/\*$/, id);
        const query = new URLSearchParams({ id, userId: id, deviceId: id, tenantId: tenantA, providerKey: id, Filter: id });
        const body = JSON.stringify({ id, ids: [id], userId: id, deviceId: id, tenantId: tenantA, roleId: id, parentId: id, subscriptionId: id, citizenId: id, geofenceId: id });
        calls.push(async () => {
          const res = await fetch(`${server.url}${path}?${query}`, {
            method: route.method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', __tenant: tenantA },
            ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { body } : {}),
          });
          const text = await bodyOf(res);
          if (res.status >= 500) failures.push(`${route.method} ${path} -> ${res.status}`);
          const leaked = idsOfA.filter((other) => other !== id && text.includes(other));
          if (leaked.length) leaks.push(`${route.method} ${path} (${res.status}) shows ${leaked.join(', ')}`);
        });
      }
    }
    // A few callers at a time, as a busy client would.
    for (let i = 0; i < calls.length; i += 8) await Promise.all(calls.slice(i, i + 8).map((call) => call()));
    return { calls: calls.length, leaks, failures };
  }

  it("never shows or changes tenant A's rows to tenant B, whatever B sends", { timeout: 600_000 }, async () => {
    const { db } = server.database;
    const before = await fingerprint(db, tables, tenantA);
    const { calls, leaks, failures } = await probe(tokenB);
    expect(calls).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
    expect(await fingerprint(db, tables, tenantA)).toEqual(before);
  });

  it('would notice a leak and a change: the same probe as tenant A staff sees A rows, and a change shows in the fingerprint', { timeout: 600_000 }, async () => {
    const { db } = server.database;
    const staff = (await tokensFor(server.url, DEMO_USERS.staff.userName, DEMO_PASSWORD)).access_token;
    expect((await probe(staff, ['GET'])).leaks.length).toBeGreaterThan(0);
    const before = await fingerprint(db, tables, tenantA);
    await db.updateTable('devices').set({ name: 'Renamed by the control' }).where('tenant_id', '=', tenantA).execute();
    expect(await fingerprint(db, tables, tenantA)).not.toEqual(before);
  });
});
