import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../support/server';
import { caller } from '../support/api-calls';
import { startBackOffice, tenantUserWith, type BackOffice } from '../support/back-office';
import { ALL_TENANTS } from '../../common/roles';
import { DEMO_TENANT } from '../../server/seed/demo';
import { until } from '../support/poll';

interface AuditLog {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  userName: string | null;
  httpMethod: string;
  url: string;
  httpStatusCode: number;
  executionDuration: number;
  exceptions: string | null;
  entityChanges: { entityTypeFullName: string; entityId: string; changeType: number; propertyChanges: { propertyName: string; newValue: unknown }[] }[];
}
interface Page<T> {
  totalCount: number;
  items: T[];
}

/** The audit log list: /api/audit-logging/audit-logs (+ /{id}, /entity-changes), host users only. */
describe.each(DATABASES)('audit logs ($name)', ({ url: databaseUrl }) => {
  let office: BackOffice;
  let tenantId: string;
  const call = caller(() => office.server);
  const logs = async (query: string, token = office.admin) => {
    const res = await call(token, 'GET', `/api/audit-logging/audit-logs?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as Page<AuditLog>;
  };

  beforeAll(async () => {
    office = await startBackOffice(databaseUrl);
    // A change by the host, a refused call inside the demo tenant, and a refused call by the host.
    tenantId = (await call(office.admin, 'POST', '/api/saas/tenants', { name: 'Audited Care', customerNumber: 'A-1' })).body.id as string;
    expect((await call(office.staff, 'POST', '/api/saas/tenants', { name: 'Not Allowed Care' })).status).toBe(403);
    expect((await call(office.admin, 'POST', '/api/saas/tenants', { name: '' })).status).toBe(400);
    // A refused call is logged once its answer went out: the tests read the log after it is there.
    await until(async () => (await logs('hasException=true&userName=adm')).items, (items) => items.some((i) => i.httpStatusCode === 400));
  });
  afterAll(async () => office?.server.stop());

  it('lists the host\'s entries newest first, with entity changes', async () => {
    const page = await logs('MaxResultCount=5');
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((i) => i.tenantId === null)).toBe(true);
    const times = page.items.map((i) => (i as unknown as { executionTime: string }).executionTime);
    expect([...times].sort().reverse()).toEqual(times);
    const created = (await logs('httpMethod=post&url=saas/tenants&httpStatusCode=200')).items;
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ userName: 'admin', httpMethod: 'POST', url: '/api/saas/tenants', exceptions: null });
    const change = created[0]!.entityChanges[0]!;
    expect(change).toMatchObject({ entityTypeFullName: 'Tenant', entityId: tenantId, changeType: 0 });
    expect(change.propertyChanges).toContainEqual(expect.objectContaining({ propertyName: 'customerNumber', newValue: 'A-1' }));
    const one = await call(office.admin, 'GET', `/api/audit-logging/audit-logs/${created[0]!.id}`);
    expect(one.body).toMatchObject({ id: created[0]!.id, entityChanges: [expect.objectContaining({ entityId: tenantId })] });
  });

  it('filters by user, failures, duration and time', async () => {
    const failed = (await logs('hasException=true&userName=adm')).items;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((i) => i.httpStatusCode >= 400 && i.exceptions)).toBe(true);
    expect(failed.find((i) => i.httpStatusCode === 400)!.exceptions).toMatch(/^Vigil:Validation: /);
    expect((await logs('hasException=false')).items.every((i) => i.httpStatusCode < 400)).toBe(true);
    expect((await logs('userName=nobody-at-all')).totalCount).toBe(0);
    expect((await logs('minExecutionDuration=0&maxExecutionDuration=600000')).totalCount).toBeGreaterThan(0);
    expect((await logs(`startTime=${new Date(Date.now() + 60_000).toISOString()}`)).totalCount).toBe(0);
    expect((await logs(`endTime=${new Date(Date.now() + 60_000).toISOString()}&startTime=2020-01-01`)).totalCount).toBeGreaterThan(0);
  });

  it('shows one tenant\'s entries with __tenant, every tenant\'s with the all-zero __tenant, narrowed by tenantId', async () => {
    const demo = await logs(`__tenant=${encodeURIComponent(DEMO_TENANT)}`);
    expect(demo.items.length).toBeGreaterThan(0);
    expect(demo.items.every((i) => i.tenantId === office.demoTenantId && i.tenantName === DEMO_TENANT)).toBe(true);
    expect(demo.items.some((i) => i.httpStatusCode === 403 && i.userName === 'staff')).toBe(true);
    const everyone = await logs(`__tenant=${ALL_TENANTS}&MaxResultCount=1000`);
    const tenants = new Set(everyone.items.map((i) => i.tenantId));
    expect(tenants.has(null) && tenants.has(office.demoTenantId)).toBe(true);
    const narrowed = await logs(`__tenant=${ALL_TENANTS}&tenantId=${office.demoTenantId}&MaxResultCount=1000`);
    expect(narrowed.totalCount).toBe(demo.totalCount);
    expect((await logs(`__tenant=${ALL_TENANTS}&tenantId=null`)).items.every((i) => i.tenantId === null)).toBe(true);
    // An entry of another level is not found by id.
    expect((await call(office.admin, 'GET', `/api/audit-logging/audit-logs/${demo.items[0]!.id}`)).status).toBe(404);
  });

  it('lists entity changes across entries', async () => {
    const res = await call(office.admin, 'GET', `/api/audit-logging/audit-logs/entity-changes?entityTypeFullName=Tenant&entityId=${tenantId}&entityChangeType=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 1, items: [{ entityTypeFullName: 'Tenant', entityId: tenantId, changeType: 0, tenantId: null }] });
    expect((await call(office.admin, 'GET', '/api/audit-logging/audit-logs/entity-changes?entityTypeFullName=Nothing')).body).toEqual({ totalCount: 0, items: [] });
  });

  it('refuses bad filters with 400 naming the member', async () => {
    for (const [query, member] of [
      ['httpStatusCode=abc', 'httpStatusCode'],
      ['minExecutionDuration=-5', 'minExecutionDuration'],
      ['hasException=maybe', 'hasException'],
      ['startTime=yesterday', 'startTime'],
      ['tenantId=sunrise', 'tenantId'],
      ['MaxResultCount=1001', 'maxResultCount'],
      ['Sorting=password', 'sorting'],
    ]) {
      const res = await call(office.admin, 'GET', `/api/audit-logging/audit-logs?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error!.validationErrors![0]!.members, query).toEqual([member]);
    }
    expect((await call(office.admin, 'GET', '/api/audit-logging/audit-logs/entity-changes?entityChangeType=7')).status).toBe(400);
    expect((await call(office.admin, 'GET', '/api/audit-logging/audit-logs/not-an-id')).status).toBe(404);
  });

  it('refuses tenant users, even one given the policy', async () => {
    const rogue = await tenantUserWith(office, 'audit-rogue', ['AuditLogging.AuditLogs']);
    for (const token of [office.staff, rogue, office.caregiver]) {
      expect((await call(token, 'GET', '/api/audit-logging/audit-logs')).status).toBe(403);
      expect((await call(token, 'GET', '/api/audit-logging/audit-logs/entity-changes')).status).toBe(403);
    }
  });
});
