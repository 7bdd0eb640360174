import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { POLICIES } from '../../common/policies';
import { createTenantUser } from '../support/fixtures';
import { identityServer, NEW_PASSWORD, type IdentityServer } from '../support/identity';
import { DATABASES } from '../support/server';
import { signIn } from '../support/sign-in';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The rows of a workbook's first sheet as plain values (row 1 = headers). */
async function sheetRows(bytes: ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The users overview and security log reports as Excel workbooks, and the user logs timeline. */
describe.each(DATABASES)('identity reports and user logs ($name)', ({ url: databaseUrl }) => {
  let env: IdentityServer;
  let memberId: string;
  let otherTenantUserId: string;
  const download = (token: string, path: string, lang = 'en') => fetch(`${env.server.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

  beforeAll(async () => {
    env = await identityServer(databaseUrl);
    const created = await env.call(env.staff, 'POST', '/api/identity/users', { userName: 'report-member', email: 'report-member@example.com', password: NEW_PASSWORD, name: '=1+1' });
    memberId = String(created.body.id);
    otherTenantUserId = (await createTenantUser(env.db, { tenant: 'Reports Other Tenant', userName: 'report-other', role: 'admin', policies: [POLICIES.usersOverview, POLICIES.userLogs] })).userId;
    await signIn(env.server.url, 'report-member', 'Wrong-Pass-2026!');
    await signIn(env.server.url, 'report-member', NEW_PASSWORD);
  });
  afterAll(async () => env?.server.stop());

  it("downloads the users overview as a real workbook of the tenant's users", async () => {
    const res = await download(env.staff, '/api/app/datareport/userOverview?format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await sheetRows(await res.arrayBuffer());
    expect(rows[0]).toEqual(['User name', 'First name', 'Surname', 'Email', 'Phone number', 'Signs in with phone number', 'Roles', 'Active', 'Locked', 'Last sign-in (UTC)', 'Created (UTC)', 'Tenant']);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toEqual(expect.arrayContaining(['caregiver', 'staff', 'report-member']));
    expect(names).not.toContain('report-other');
    expect(names).not.toContain('admin');
    const member = rows.find((r) => r[0] === 'report-member')!;
    // Text stays text: a name that looks like a formula is not a formula.
    expect(member[1]).toBe('=1+1');
    expect(member[9]).toBeInstanceOf(Date);
    expect(member[10]).toBeInstanceOf(Date);
    expect(member[11]).toBe('Sunrise Care');

    const danish = await sheetRows(await (await download(env.staff, '/api/app/datareport/userOverview?format=XLSX&filter=report-member', 'da-DK')).arrayBuffer());
    expect(danish[0]!.slice(0, 3)).toEqual(['Brugernavn', 'Fornavn', 'Efternavn']);
    expect(danish).toHaveLength(2);
    expect((await download(env.staff, '/api/app/datareport/userOverview?format=pdf')).status).toBe(400);
    expect((await download(env.caregiver, '/api/app/datareport/userOverview?format=xlsx')).status).toBe(403);
  });

  it('downloads the security log as a workbook under its policy', async () => {
    const res = await download(env.staff, '/api/app/datareport/securitylogs?format=xlsx&userName=report-member');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    const rows = await sheetRows(await res.arrayBuffer());
    expect(rows[0]![0]).toBe('Time (UTC)');
    const actions = rows.slice(1).map((r) => r[1]);
    expect(actions).toEqual(expect.arrayContaining(['LoginFailed', 'LoginSucceeded']));
    expect(rows.slice(1).every((r) => r[2] === 'report-member' && r[0] instanceof Date)).toBe(true);
    expect((await download(env.caregiver, '/api/app/datareport/securitylogs?format=xlsx')).status).toBe(403);
  });

  it("shows one user's audited calls and security entries, newest first", async () => {
    await env.call(env.staff, 'PUT', `/api/identity/users/${memberId}`, { userName: 'report-member', email: 'report-member@example.com', surname: 'Logged' });
    const memberToken = await env.sign('report-member', NEW_PASSWORD);
    await env.call(memberToken, 'PUT', '/api/account/my-profile/change-password', { currentPassword: 'not-it', newPassword: 'Another-Pass-2026!' });

    const res = await env.call(env.staff, 'GET', `/api/app/user-logs/${memberId}?MaxResultCount=50`);
    expect(res.status).toBe(200);
    type Entry = { kind: string; time: string; action?: string; httpMethod?: string; url?: string; userId: string; entityChanges?: unknown[] };
    const items = res.body.items as Entry[];
    expect(res.body.user).toEqual({ id: memberId, userName: 'report-member' });
    expect(items.map((i) => i.kind)).toEqual(expect.arrayContaining(['audit', 'security']));
    expect(items.every((i) => i.userId === memberId)).toBe(true);
    expect(items.map((i) => i.time)).toEqual([...items.map((i) => i.time)].sort().reverse());
    expect(items.find((i) => i.kind === 'audit')).toMatchObject({ httpMethod: 'PUT', url: '/api/account/my-profile/change-password' });
    expect(items.filter((i) => i.kind === 'security').map((i) => i.action)).toEqual(expect.arrayContaining(['LoginFailed', 'LoginSucceeded']));
    expect(res.body.totalCount).toBe(items.length);

    const security = await env.call(env.staff, 'GET', `/api/app/user-logs/${memberId}?kind=security`);
    expect((security.body.items as Entry[]).every((i) => i.kind === 'security')).toBe(true);
    const paged = await env.call(env.staff, 'GET', `/api/app/user-logs/${memberId}?MaxResultCount=1&SkipCount=1`);
    expect(paged.body.items).toEqual([items[1]]);
    expect((await env.call(env.staff, 'GET', `/api/app/user-logs/${memberId}?kind=other`)).status).toBe(400);

    // The staff member's own change of the member is in the staff member's timeline, with what changed.
    const staffId = String((await env.call(env.staff, 'GET', '/api/identity/users/by-username/staff')).body.id);
    const staffLog = (await env.call(env.staff, 'GET', `/api/app/user-logs/${staffId}?kind=audit&MaxResultCount=50`)).body.items as Entry[];
    const edit = staffLog.find((i) => i.url === `/api/identity/users/${memberId}` && i.httpMethod === 'PUT');
    expect(edit?.entityChanges).toMatchObject([{ entityTypeFullName: 'IdentityUser', entityId: memberId, propertyChanges: expect.arrayContaining([expect.objectContaining({ propertyName: 'surname', newValue: 'Logged' })]) }]);
  });

  it("keeps user logs inside the caller's tenant and policy", async () => {
    expect((await env.call(env.staff, 'GET', `/api/app/user-logs/${otherTenantUserId}`)).status).toBe(404);
    expect((await env.call(env.caregiver, 'GET', `/api/app/user-logs/${memberId}`)).status).toBe(403);
    const users = await env.call(env.staff, 'GET', '/api/app/user-logs/users?filter=report&MaxResultCount=100');
    expect((users.body.items as { userName: string; tenantName: string }[]).map((u) => u.userName)).toEqual(['report-member']);
    expect((await env.call(env.caregiver, 'GET', '/api/app/user-logs/users')).status).toBe(403);
  });
});
