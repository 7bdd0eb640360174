import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { accountsServer, type AccountsServer } from '../support/accounts';
import { createTenantUser } from '../support/fixtures';
import { DATABASES } from '../support/server';
import { tokensFor, type Tokens } from '../support/sign-in';

/** "Sign out everywhere" (issue 15): /api/account/sessions and /api/identity/users/{id}/end-sessions. */
const SESSIONS = '/api/account/sessions';
const PROFILE = '/api/plugandplay/profile';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESK = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

interface Session {
  id: string;
  device: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: string;
  lastUsedAt: string;
  clientId: string;
  clientName: string;
  isCurrent: boolean;
}

describe.each(DATABASES)('account sessions on $name', ({ url }) => {
  let env: AccountsServer;
  let admin: string;
  beforeAll(async () => {
    env = await accountsServer(url);
    admin = (await tokensFor(env.server.url, 'admin', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** A carer signed in from several browsers, one sign-in per User-Agent. */
  const carerOn = async (...userAgents: string[]) => {
    const user = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: `carer-${Math.random().toString(36).slice(2, 10)}`, role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const signIns: Tokens[] = [];
    for (const userAgent of userAgents) signIns.push(await tokensFor(env.server.url, user.userName, user.password, { userAgent }));
    return { ...user, signIns };
  };
  const list = async (token: string, query = '') => {
    const res = await env.call(token, 'GET', `${SESSIONS}${query}`);
    return { status: res.status, body: res.body as { totalCount: number; items: Session[] } & typeof res.body };
  };
  const refresh = async (tokens: Tokens, userAgent?: string) => {
    const res = await fetch(`${env.server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(userAgent ? { 'user-agent': userAgent } : {}) },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'vigil-web' }).toString(),
    });
    return { status: res.status, body: (await res.json()) as Partial<Tokens> & { error?: string } };
  };
  /** The API refuses an ended sign-in's access token within moments (every node, server/oidc/token-liveness.ts). */
  const refusedWithin5s = async (token: string) => {
    const until = Date.now() + 5000;
    let status = 0;
    while (Date.now() < until) {
      status = (await env.call(token, 'GET', PROFILE)).status;
      if (status === 401) return status;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return status;
  };

  it('lists where the user is signed in, and ending another session revokes its tokens', async () => {
    const carer = await carerOn(PHONE, IPHONE);
    const [phone, iphone] = carer.signIns as [Tokens, Tokens];
    const mine = await list(phone.access_token);
    expect(mine.status).toBe(200);
    expect(mine.body.totalCount).toBe(2);
    const byAgent = new Map(mine.body.items.map((s) => [s.userAgent, s]));
    expect(byAgent.get(PHONE)).toMatchObject({ device: 'Chrome on Android', isCurrent: true, clientId: 'vigil-web', clientName: 'Vigil', ipAddress: expect.stringMatching(/127\.0\.0\.1/) });
    expect(byAgent.get(IPHONE)).toMatchObject({ device: 'Safari on iOS', isCurrent: false });
    // The current one first; the times are instants.
    expect(mine.body.items[0]!.isCurrent).toBe(true);
    for (const s of mine.body.items) expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.signedInAt) - 1000);
    // Each sees itself as current.
    expect((await list(iphone.access_token)).body.items.filter((s) => s.isCurrent).map((s) => s.userAgent)).toEqual([IPHONE]);

    // A renewal keeps the session and marks its use (and the browser as it is now).
    const before = byAgent.get(IPHONE)!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const renewed = await refresh(iphone, DESK);
    expect(renewed.status).toBe(200);
    const afterRenewal = (await list(phone.access_token)).body.items.find((s) => s.id === before.id)!;
    expect(afterRenewal).toMatchObject({ userAgent: DESK, device: 'Firefox on Windows', signedInAt: before.signedInAt });
    expect(Date.parse(afterRenewal.lastUsedAt)).toBeGreaterThan(Date.parse(before.lastUsedAt));

    const ended = await env.call(phone.access_token, 'DELETE', `${SESSIONS}/${before.id}`);
    expect(ended.status).toBe(204);
    const left = await list(phone.access_token);
    expect(left.body.items.map((s) => s.userAgent)).toEqual([PHONE]);
    expect(left.body.totalCount).toBe(1);
    // Nothing of the ended session renews, and its access token stops working.
    const replay = await refresh({ ...iphone, refresh_token: renewed.body.refresh_token! });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refusedWithin5s(renewed.body.access_token!)).toBe(401);
    expect((await env.call(phone.access_token, 'GET', PROFILE)).status).toBe(200);
    expect((await refresh(phone)).status).toBe(200);
    // Ended twice: it is not there any more.
    expect((await env.call(phone.access_token, 'DELETE', `${SESSIONS}/${before.id}`)).status).toBe(404);
    // The activity went with the grant.
    expect(await env.db.selectFrom('session_activity').select('grant_id').where('grant_id', '=', before.id).execute()).toEqual([]);
    // In the audit log and the user's security log.
    const audit = await env.db.selectFrom('audit_logs').select(['http_method', 'http_status_code']).where('url', '=', `${SESSIONS}/${before.id}`).execute();
    expect(audit).toContainEqual({ http_method: 'DELETE', http_status_code: 204 });
    const logout = await env.db.selectFrom('security_logs').select(['action', 'extra_properties']).where('user_id', '=', carer.userId).where('action', '=', 'Logout').execute();
    expect(logout.map((r) => r.extra_properties)).toContainEqual(expect.objectContaining({ sessionId: before.id, current: false }));
  });

  it('ends the current session too: its own token is then refused', async () => {
    const carer = await carerOn(PHONE);
    const [phone] = carer.signIns as [Tokens];
    const [current] = (await list(phone.access_token)).body.items;
    expect(current).toMatchObject({ isCurrent: true });
    expect((await env.call(phone.access_token, 'DELETE', `${SESSIONS}/${current!.id}`)).status).toBe(204);
    expect(await refusedWithin5s(phone.access_token)).toBe(401);
    expect((await refresh(phone)).status).toBe(400);
  });

  it('keeps sessions to their owner: another user can neither see nor end them (404)', async () => {
    const owner = await carerOn(PHONE);
    const other = await carerOn(IPHONE);
    const [session] = (await list(owner.signIns[0]!.access_token)).body.items;
    const theirs = await list(other.signIns[0]!.access_token);
    expect(theirs.body.items.map((s) => s.id)).not.toContain(session!.id);
    const refused = await env.call(other.signIns[0]!.access_token, 'DELETE', `${SESSIONS}/${session!.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.message).toBeTruthy();
    // Nor can anyone end one that never was: the same answer.
    expect((await env.call(other.signIns[0]!.access_token, 'DELETE', `${SESSIONS}/no-such-session-id`)).status).toBe(404);
    expect((await refresh(owner.signIns[0]!)).status).toBe(200);
  });

  it('lets an administrator with the user-update permission end all of a user\'s sessions', async () => {
    const carer = await carerOn(PHONE, IPHONE, DESK);
    const endAll = (token: string, query = '') => env.call(token, 'POST', `/api/identity/users/${carer.userId}/end-sessions${query}`);
    // Without the permission: 403; anonymous: 401.
    expect((await endAll(carer.signIns[0]!.access_token)).status).toBe(403);
    expect((await fetch(`${env.server.url}/api/identity/users/${carer.userId}/end-sessions`, { method: 'POST' })).status).toBe(401);
    expect((await list(carer.signIns[0]!.access_token)).body.totalCount).toBe(3);

    // Another tenant's staff does not find the user.
    const fjord = (await tokensFor(env.server.url, 'fjordstaff', DEMO_PASSWORD)).access_token;
    expect((await endAll(fjord)).status).toBe(404);

    const staff = (await tokensFor(env.server.url, 'staff', DEMO_PASSWORD)).access_token;
    expect((await endAll(staff)).status).toBe(204);
    for (const signIn of carer.signIns) {
      expect((await refresh(signIn)).body.error).toBe('invalid_grant');
      expect(await refusedWithin5s(signIn.access_token)).toBe(401);
    }
    const row = await env.db.selectFrom('audit_logs').select(['entity_changes', 'http_status_code']).where('url', '=', `/api/identity/users/${carer.userId}/end-sessions`).where('http_status_code', '=', 204).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.entity_changes)).toContain('activeSessions');
    expect(await env.db.selectFrom('session_activity').select('grant_id').where('user_id', '=', carer.userId).execute()).toEqual([]);

    // The host administrator too, in the user's tenant; signing in again works.
    const again = await tokensFor(env.server.url, carer.userName, carer.password, { userAgent: PHONE });
    expect((await endAll(admin)).status).toBe(404);
    expect((await endAll(admin, `?__tenant=${env.sunriseId}`)).status).toBe(204);
    expect((await refresh(again)).status).toBe(400);
    expect((await tokensFor(env.server.url, carer.userName, carer.password)).access_token).toBeTruthy();
  });

  it('refuses ending the sessions of someone holding more than the caller, or out of the caller\'s scope', async () => {
    const lesser = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: `user-admin-${Math.random().toString(36).slice(2, 8)}`, role: 'User administrator', policies: ['AbpIdentity.Users', 'AbpIdentity.Users.Update'] });
    const token = (await tokensFor(env.server.url, lesser.userName, lesser.password)).access_token;
    const staffRow = await env.db.selectFrom('users').select('id').where('user_name', '=', 'staff').where('tenant_id', '=', env.sunriseId).executeTakeFirstOrThrow();
    const refused = await env.call(token, 'POST', `/api/identity/users/${staffRow.id}/end-sessions`);
    expect(refused.status).toBe(403);
    const logged = await env.db.selectFrom('security_logs').select('extra_properties').where('action', '=', 'PrivilegeEscalationRefused').where('user_id', '=', lesser.userId).execute();
    expect(logged.map((r) => r.extra_properties)).toContainEqual(expect.objectContaining({ reason: 'targetMorePowerful' }));
    // The host's administrator is not in a tenant's scope at all.
    const adminRow = await env.db.selectFrom('users').select('id').where('user_name', '=', 'admin').where('tenant_id', 'is', null).executeTakeFirstOrThrow();
    expect((await env.call(token, 'POST', `/api/identity/users/${adminRow.id}/end-sessions`)).status).toBe(404);
  });

  it('an administrator ending their own sessions stays signed in where they did it', async () => {
    const self = await tokensFor(env.server.url, 'admin', DEMO_PASSWORD, { userAgent: DESK });
    const elsewhere = await tokensFor(env.server.url, 'admin', DEMO_PASSWORD, { userAgent: PHONE });
    const adminRow = await env.db.selectFrom('users').select('id').where('user_name', '=', 'admin').where('tenant_id', 'is', null).executeTakeFirstOrThrow();
    expect((await env.call(self.access_token, 'POST', `/api/identity/users/${adminRow.id}/end-sessions`)).status).toBe(204);
    expect((await refresh(elsewhere)).status).toBe(400);
    expect((await refresh(self)).status).toBe(200);
    admin = (await tokensFor(env.server.url, 'admin', DEMO_PASSWORD)).access_token;
  });

  it('declares its policies: anonymous 401, a user without the account policy 403', async () => {
    expect((await env.anonymous('GET', SESSIONS)).status).toBe(401);
    expect((await env.anonymous('DELETE', `${SESSIONS}/abc`)).status).toBe(401);
    const outsider = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: `no-account-${Math.random().toString(36).slice(2, 8)}`, role: 'Guide reader', policies: ['Vigil.Guides'] });
    const token = (await tokensFor(env.server.url, outsider.userName, outsider.password)).access_token;
    expect((await env.call(token, 'GET', SESSIONS)).status).toBe(403);
    expect((await env.call(token, 'DELETE', `${SESSIONS}/abc`)).status).toBe(403);
  });

  it('answers bad ids and paging with a 400 in ABP shape, in the caller\'s language', async () => {
    const carer = await carerOn(PHONE);
    const token = carer.signIns[0]!.access_token;
    const badSession = await env.call(token, 'DELETE', `${SESSIONS}/${encodeURIComponent('bad id!')}`);
    expect(badSession.status).toBe(400);
    expect(badSession.body.error).toMatchObject({ code: 'Vigil:Validation', message: expect.any(String) });
    expect(badSession.body.error?.validationErrors?.[0]?.members).toEqual(['id']);
    const tooLong = await env.call(token, 'DELETE', `${SESSIONS}/${'a'.repeat(90)}`);
    expect(tooLong.status).toBe(400);
    const badPaging = await list(token, '?maxResultCount=0');
    expect(badPaging.status).toBe(400);
    expect(badPaging.body.error?.validationErrors?.[0]?.members).toEqual(['maxResultCount']);
    const paged = await list(token, '?skipCount=0&maxResultCount=1');
    expect(paged).toMatchObject({ status: 200, body: { totalCount: 1 } });

    const badUser = await env.call(admin, 'POST', '/api/identity/users/not-a-uuid/end-sessions', undefined, { lang: 'da-DK' });
    expect(badUser.status).toBe(400);
    expect(badUser.body.error?.validationErrors?.[0]?.members).toEqual(['id']);
    const english = await env.call(admin, 'POST', '/api/identity/users/not-a-uuid/end-sessions');
    expect(badUser.body.error?.message).not.toBe(english.body.error?.message);
    expect((await env.call(admin, 'POST', '/api/identity/users/00000000-0000-4000-8000-000000000000/end-sessions', {})).status).toBe(404);
    const withBody = await env.call(admin, 'POST', `/api/identity/users/${carer.userId}/end-sessions?__tenant=${env.sunriseId}`, { keep: 'this one' });
    expect(withBody.status).toBe(400);
    expect(withBody.body.error?.validationErrors?.[0]?.members).toEqual(['keep']);
  });

  it('declares the schema of its routes: parameters, bodies and answers', () => {
    const routes = env.server.app.routeCatalogue.filter((r) => r.url.startsWith(SESSIONS) || r.url.endsWith('/end-sessions'));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['DELETE /api/account/sessions/:id', 'GET /api/account/sessions', 'POST /api/identity/users/:id/end-sessions']);
    const missing = routes.flatMap((r) => {
      const needed = ['response', ...(r.url.includes(':id') ? ['params'] : ['querystring']), ...(r.method === 'POST' ? ['body'] : [])];
      return needed.filter((part) => !r.declares.includes(part)).map((part) => `${r.method} ${r.url}: no ${part}`);
    });
    expect(missing).toEqual([]);
  });
});
