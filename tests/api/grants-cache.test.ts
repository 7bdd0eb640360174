import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer, startSecondNode, type SecondNode } from '../support/server';
import { tokensFor } from '../support/sign-in';

const LIST = '/api/app/simCardInstance';
const status = async (base: string, token: string) => (await fetch(`${base}${LIST}`, { headers: { authorization: `Bearer ${token}` } })).status;

/**
 * Who may do what is cached on each node between requests (server/permissions/grants-cache.ts);
 * a change made anywhere must still take effect at once.
 */
describe.each(DATABASES)('cached grants on $name', ({ url }) => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof createTenantUser>>;
  let token: string;
  beforeAll(async () => {
    server = await startServer(url);
    user = await createTenantUser(server.database.db, { tenant: 'Cache Care', userName: 'cache-sims', role: 'Sims', policies: ['Vigil.SimCards'] });
    token = (await tokensFor(server.url, user.userName, user.password)).access_token;
  });
  afterAll(async () => server?.stop());

  it('a revoked policy is refused on the next calls, a granted one allowed, a deactivated tenant stopped', async () => {
    expect(await status(server.url, token)).toBe(200);
    const { db } = server.database;
    await db.deleteFrom('permission_grants').where('tenant_id', '=', user.tenantId).where('name', '=', 'Vigil.SimCards').execute();
    await expect.poll(() => status(server.url, token), { timeout: 2000, interval: 20 }).toBe(403);
    await db.insertInto('permission_grants').values({ id: crypto.randomUUID(), tenant_id: user.tenantId, name: 'Vigil.SimCards', provider_name: 'U', provider_key: user.userId }).execute();
    await expect.poll(() => status(server.url, token), { timeout: 2000, interval: 20 }).toBe(200);
    await db.updateTable('tenants').set({ is_active: false }).where('id', '=', user.tenantId!).execute();
    await expect.poll(() => status(server.url, token), { timeout: 2000, interval: 20 }).not.toBe(200);
    await db.updateTable('tenants').set({ is_active: true }).where('id', '=', user.tenantId!).execute();
  });

  it('an expiring tenant stops at its expiry time even while cached', async () => {
    const { db } = server.database;
    await expect.poll(() => status(server.url, token), { timeout: 2000, interval: 20 }).toBe(200);
    // Expiry set a moment ahead, with no change after it: the cache must not carry the tenant past it.
    await db.updateTable('tenants').set({ activation_end_date: new Date(Date.now() + 1500) }).where('id', '=', user.tenantId!).execute();
    expect(await status(server.url, token)).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    expect(await status(server.url, token)).not.toBe(200);
  });
});

describe.skipIf(!DATABASES.some((d) => d.name === 'postgres'))('cached grants across API nodes (PostgreSQL)', () => {
  let first: TestServer;
  let second: SecondNode;
  beforeAll(async () => {
    first = await startServer(DATABASES.find((d) => d.name === 'postgres')!.url);
    second = await startSecondNode(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('a policy revoked through one node is refused by the other within moments', async () => {
    const user = await createTenantUser(first.database.db, { tenant: 'Two Nodes Care', userName: 'two-nodes', role: 'Sims', policies: ['Vigil.SimCards'] });
    const token = (await tokensFor(first.url, user.userName, user.password)).access_token;
    expect(await status(second.url, token)).toBe(200); // now cached on the second node
    await first.database.db.deleteFrom('permission_grants').where('tenant_id', '=', user.tenantId).execute();
    const started = Date.now();
    await expect.poll(() => status(second.url, token), { timeout: 3000, interval: 20 }).toBe(403);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
