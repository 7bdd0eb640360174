import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../../common/policies';
import { createTenantUser } from '../support/fixtures';
import { identityServer, members, NEW_PASSWORD, type IdentityServer } from '../support/identity';
import { DATABASES } from '../support/server';
import { signIn } from '../support/sign-in';

type Item = { id: string; userName: string; roles: string[]; lastSignInTime: string | null; tenantName: string | null; mitId?: { linkedTime: string }; workingHours?: unknown[] };

/** The users overview (/api/app/user-overviews) and its report downloads (/api/app/datareport). */
describe.each(DATABASES)('users overview ($name)', ({ url: databaseUrl }) => {
  let env: IdentityServer;
  let phoneUserId: string;
  let mitIdUserId: string;
  let otherTenantUserId: string;
  const download = (token: string, path: string, lang = 'en') => fetch(`${env.server.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

  beforeAll(async () => {
    env = await identityServer(databaseUrl);
    const create = async (userName: string, extra: Record<string, unknown>) =>
      String((await env.call(env.staff, 'POST', '/api/identity/users', { userName, email: `${userName}@example.com`, password: NEW_PASSWORD, ...extra })).body.id);
    phoneUserId = await create('overview-phone', { phoneNumber: '+4587654321', phoneNumberLoginEnabled: true });
    mitIdUserId = await create('overview-mitid', {});
    await env.db.insertInto('external_logins').values({ id: randomUUID(), tenant_id: env.sunriseId, user_id: mitIdUserId, provider: 'MitID', subject: randomUUID(), display_name: 'Mette Hansen' }).execute();
    otherTenantUserId = (await createTenantUser(env.db, { tenant: 'Overview Other Tenant', userName: 'overview-other', role: 'admin', policies: [POLICIES.usersOverview] })).userId;
    await signIn(env.server.url, 'overview-phone', 'Wrong-Pass-2026!');
  });
  afterAll(async () => env?.server.stop());

  it('lists standard users with roles and last sign-in, leaving out phone and MitID users', async () => {
    const res = await env.call(env.staff, 'GET', '/api/app/user-overviews?MaxResultCount=100&Sorting=userName');
    expect(res.status).toBe(200);
    const items = res.body.items as Item[];
    const names = items.map((i) => i.userName);
    expect(names).toEqual(expect.arrayContaining(['caregiver', 'staff']));
    expect(names).not.toContain('overview-phone');
    expect(names).not.toContain('overview-mitid');
    expect(names).not.toContain('overview-other');
    expect(names).toEqual([...names].sort());
    const staff = items.find((i) => i.userName === 'staff')!;
    expect(staff.roles).toEqual(['admin']);
    expect(staff.lastSignInTime).not.toBeNull();
    expect(staff.tenantName).toBe('Sunrise Care');
    expect((await env.call(env.staff, 'GET', '/api/app/user-overviews?Filter=clara')).body.items).toMatchObject([{ userName: 'caregiver' }]);
  });

  it('lists phone sign-in users and MitID users', async () => {
    const phone = await env.call(env.staff, 'GET', '/api/app/user-overviews/phonenumberlogin');
    expect((phone.body.items as Item[]).map((i) => i.id)).toEqual([phoneUserId]);
    const mitid = await env.call(env.staff, 'GET', '/api/app/user-overviews/mitid');
    expect(mitid.body).toMatchObject({ totalCount: 1, items: [{ id: mitIdUserId, mitId: { displayName: 'Mette Hansen' } }] });
  });

  it('keeps weekly working hours, validated', async () => {
    const path = `/api/app/user-overviews/${phoneUserId}/workinghours`;
    expect((await env.call(env.staff, 'GET', path)).body).toEqual([]);
    const hours = [
      { dayOfWeek: 1, start: '13:00', end: '17:00' },
      { dayOfWeek: 1, start: '08:00', end: '12:00' },
      { dayOfWeek: 6, start: '22:00', end: '24:00' },
    ];
    const saved = await env.call(env.staff, 'PUT', path, hours);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual([hours[1], hours[0], hours[2]]);
    expect((await env.call(env.staff, 'GET', path)).body).toEqual([hours[1], hours[0], hours[2]]);

    const bad = await env.call(env.staff, 'PUT', path, [{ dayOfWeek: 7, start: '8:00', end: '25:00' }, { dayOfWeek: 2 }]);
    expect(bad.status).toBe(400);
    expect(members(bad.body)).toEqual(['[0].dayOfWeek', '[0].start', '[0].end', '[1].start', '[1].end']);
    const order = await env.call(env.staff, 'PUT', path, [{ dayOfWeek: 2, start: '12:00', end: '09:00' }]);
    expect(members(order.body)).toEqual(['[0].end']);
    const overlap = await env.call(env.staff, 'PUT', path, [{ dayOfWeek: 3, start: '08:00', end: '12:00' }, { dayOfWeek: 3, start: '11:00', end: '14:00' }]);
    expect(members(overlap.body)).toEqual(['[1].start']);
    expect((await env.call(env.staff, 'PUT', path, { not: 'a list' })).status).toBe(400);

    const list = await env.call(env.staff, 'GET', '/api/app/user-overviews/workinghours?Filter=overview-phone');
    expect((list.body.items as Item[])[0]!.workingHours).toHaveLength(3);
    expect((await env.call(env.staff, 'PUT', `/api/app/user-overviews/${otherTenantUserId}/workinghours`, [])).status).toBe(404);
    expect((await env.call(env.caregiver, 'PUT', path, [])).status).toBe(403);
  });

  it("shows a user's security log", async () => {
    const res = await env.call(env.staff, 'GET', `/api/app/user-overviews/${phoneUserId}/logs`);
    expect(res.status).toBe(200);
    expect((res.body.items as { action: string; userId: string }[]).map((l) => l.action)).toContain('LoginFailed');
    expect((res.body.items as { userId: string }[]).every((l) => l.userId === phoneUserId)).toBe(true);
    expect((await env.call(env.staff, 'GET', `/api/app/user-overviews/${otherTenantUserId}/logs`)).status).toBe(404);
    const filtered = await env.call(env.staff, 'GET', `/api/identity/security-logs?userId=${phoneUserId}&action=LoginFailed`);
    expect(filtered.body.totalCount).toBe(1);
  });

  it('downloads the users overview as CSV with translated headers, and keeps formulas inert', async () => {
    await env.call(env.staff, 'PUT', `/api/identity/users/${mitIdUserId}`, { userName: 'overview-mitid', email: 'overview-mitid@example.com', name: '=HYPERLINK("http://evil")' });
    const res = await download(env.staff, '/api/app/datareport/userOverview');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('User name,First name,Surname,Email,Phone number,Signs in with phone number,Roles,Active,Locked,Last sign-in (UTC),Created (UTC),Tenant');
    expect(lines.some((l) => l.startsWith('staff,Sam,Staff,staff@sunrise-care.local,,No,admin,Yes,No,'))).toBe(true);
    expect(lines.find((l) => l.startsWith('overview-mitid,'))).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines.some((l) => l.startsWith('overview-other'))).toBe(false);

    const danish = await download(env.staff, '/api/app/datareport/userOverview?type=phonenumberlogin', 'da-DK');
    const danishLines = new TextDecoder().decode(new Uint8Array(await danish.arrayBuffer()).slice(3)).trimEnd().split('\r\n');
    expect(danishLines[0]!.startsWith('Brugernavn;Fornavn;Efternavn;E-mail;')).toBe(true);
    expect(danishLines).toHaveLength(2);
    expect(danishLines[1]).toContain("overview-phone;;;overview-phone@example.com;'+4587654321;Ja;");
    expect((await download(env.staff, '/api/app/datareport/userOverview?type=nonsense')).status).toBe(400);
    expect((await download(env.caregiver, '/api/app/datareport/userOverview')).status).toBe(403);
  });

  it('downloads security logs as CSV under the security log policy', async () => {
    const res = await download(env.staff, '/api/app/datareport/securitylogs?action=LoginFailed', 'de-DE');
    expect(res.status).toBe(200);
    const lines = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Zeit (UTC);Aktion;Benutzername;Identität;Anwendung;Client-ID;IP-Adresse;Webbrowser');
    expect(lines.slice(1).every((l) => l.split(';')[1] === 'LoginFailed')).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
    expect((await download(env.staff, '/api/app/datareport/securitylogs?startTime=yesterday')).status).toBe(400);
  });
});
