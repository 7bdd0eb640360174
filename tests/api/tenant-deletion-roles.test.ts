import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../../common/roles';
import { migrate } from '../../server/db/database';
import { caller, type Json } from '../support/api-calls';
import { startBackOffice, type BackOffice } from '../support/back-office';
import { databaseMigratedTo } from '../support/migrated-to';
import { DATABASES } from '../support/server';

type Role = { id: string; name: string; tenantId: string | null; tenantName?: string | null };

/** A deleted tenant takes its roles with it, and the host's list of every tenant's roles names each role's tenant. */
describe.each(DATABASES)("a tenant's roles ($name)", ({ url: databaseUrl }) => {
  let office: BackOffice;
  const call = caller(() => office.server);
  const opened: (() => Promise<void>)[] = [];
  const everyRole = async () => ((await call(office.admin, 'GET', `/api/identity/roles?__tenant=${ALL_TENANTS}&MaxResultCount=1000`)).body.items as unknown as Role[]);

  beforeAll(async () => {
    office = await startBackOffice(databaseUrl);
  });
  afterAll(async () => {
    await office?.server.stop();
    for (const close of opened) await close();
  });

  it('removes the roles, their grants and claims when the tenant is deleted, and audits it', async () => {
    const db = office.server.database.db;
    const tenant = (await call(office.admin, 'POST', '/api/saas/tenants', { name: 'Role Gone Care' })).body as Json & { id: string };
    const roles = await db.selectFrom('roles').select(['id', 'name']).where('tenant_id', '=', tenant.id).execute();
    expect(roles.map((r) => r.name).sort()).toEqual(['Plug and Play User', 'admin']);
    const admin = roles.find((r) => r.name === 'admin')!;
    await db.insertInto('role_claims').values({ id: randomUUID(), role_id: admin.id, tenant_id: tenant.id, claim_type: 'department', claim_value: 'north' }).execute();
    expect((await everyRole()).filter((r) => r.tenantId === tenant.id)).toHaveLength(2);

    expect((await call(office.admin, 'DELETE', `/api/saas/tenants/${tenant.id}`)).status).toBe(204);

    expect(await db.selectFrom('roles').select('id').where('tenant_id', '=', tenant.id).execute()).toEqual([]);
    expect(await db.selectFrom('permission_grants').select('id').where('tenant_id', '=', tenant.id).where('provider_name', '=', 'R').execute()).toEqual([]);
    expect(await db.selectFrom('role_claims').select('id').where('role_id', '=', admin.id).execute()).toEqual([]);
    expect((await everyRole()).filter((r) => r.tenantId === tenant.id)).toEqual([]);
    const audit = await db.selectFrom('audit_logs').select('entity_changes').where('url', '=', `/api/saas/tenants/${tenant.id}`).where('http_method', '=', 'DELETE').execute();
    const changes = audit.flatMap((a) => a.entity_changes);
    expect(changes.filter((c) => c.entityType === 'IdentityRole').map((c) => c.entityId).sort()).toEqual(roles.map((r) => r.id).sort());
  });

  it("names every role's tenant in the list of every tenant's roles, an inactive tenant's too; never by its id", async () => {
    const dormant = (await call(office.admin, 'POST', '/api/saas/tenants', { name: 'Dormant Care', activationState: 2 })).body as Json & { id: string };
    const listed = await everyRole();
    const names = new Map((await office.server.database.db.selectFrom('tenants').select(['id', 'name']).execute()).map((t) => [t.id, t.name]));
    expect(listed.some((r) => r.tenantId === null && r.tenantName === null)).toBe(true);
    for (const role of listed.filter((r) => r.tenantId !== null)) expect(role.tenantName).toBe(names.get(role.tenantId!));
    expect(listed.filter((r) => r.tenantId === dormant.id).map((r) => r.tenantName)).toEqual(['Dormant Care', 'Dormant Care']);
    const all = (await call(office.admin, 'GET', `/api/identity/roles/all?__tenant=${ALL_TENANTS}`)).body.items as unknown as Role[];
    expect(all.filter((r) => r.tenantId === dormant.id).map((r) => r.tenantName)).toEqual(['Dormant Care', 'Dormant Care']);
  });

  it('removes, on migration, the roles that tenants deleted before left behind, and keeps the others', async () => {
    const { db, close } = await databaseMigratedTo(databaseUrl, '035_password_reset');
    opened.push(close);
    const gone = randomUUID();
    const kept = randomUUID();
    await sql`insert into tenants (id, name, normalized_name, concurrency_stamp, is_deleted) values (${gone}, 'Gone Care', 'GONE CARE', 'x', true), (${kept}, 'Kept Care', 'KEPT CARE', 'x', false)`.execute(db);
    for (const tenantId of [gone, kept, null]) {
      const roleId = randomUUID();
      const name = `admin-${tenantId ?? 'host'}`;
      await sql`insert into roles (id, tenant_id, name, normalized_name, concurrency_stamp) values (${roleId}, ${tenantId}, ${name}, ${name.toUpperCase()}, 'x')`.execute(db);
      await sql`insert into permission_grants (id, tenant_id, name, provider_name, provider_key) values (${randomUUID()}, ${tenantId}, 'Vigil.Devices', 'R', ${name})`.execute(db);
    }

    await migrate(db);

    const roles = await db.selectFrom('roles').select('tenant_id').where('name', 'like', 'admin-%').execute();
    expect(roles.map((r) => r.tenant_id).sort()).toEqual([kept, null].sort());
    const grants = await db.selectFrom('permission_grants').select('tenant_id').where('provider_key', 'like', 'admin-%').execute();
    expect(grants.map((g) => g.tenant_id).sort()).toEqual([kept, null].sort());
  });
});
