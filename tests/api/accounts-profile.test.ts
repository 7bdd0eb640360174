import { addDefaultCard } from '../support/payment-card';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../common/avatar';
import { accountsServer, mailTo, problemsOf, type AccountsServer } from '../support/accounts';
import { createTenantUser } from '../support/fixtures';
import { DATABASES } from '../support/server';
import { signIn, tokensFor } from '../support/sign-in';

const BASE = '/api/plugandplay/profile';
const AVATAR = '/api/plugandplay/avatar';
/** The smallest valid PNG (1x1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe.each(DATABASES)('caregiver account on $name', ({ url }) => {
  let env: AccountsServer;
  beforeAll(async () => {
    env = await accountsServer(url);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const upload = async (token: string, body: Buffer | string, contentType: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${env.server.url}${AVATAR}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': 'en', ...headers }, body: typeof body === 'string' ? body : new Uint8Array(body) });
    return { status: res.status, body: (await res.json()) as { error?: { message: string; code: string } } };
  };

  it('reads and updates the profile; a changed address is told to the old one', async () => {
    const carer = await env.caregiver();
    const read = await env.call(carer.token, 'GET', BASE);
    expect(read).toMatchObject({ status: 200, body: { userName: carer.userName, email: carer.email, activeSubscriptions: 0, canDelete: true, outgoingTransfer: null, incomingTransfers: [] } });

    const updated = await env.call(carer.token, 'PUT', `${BASE}/update-profile`, { fullName: 'Carla  Marie Carer', email: `new-${carer.email}`, phoneNumber: '004512345678', productUpdates: true });
    expect(updated).toMatchObject({ status: 200, body: { fullName: 'Carla Marie Carer', email: `new-${carer.email}`, phoneNumber: '004512345678', productUpdates: true } });
    const row = await env.db.selectFrom('users').select(['name', 'surname', 'email_confirmed']).where('id', '=', carer.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Carla', surname: 'Marie Carer', email_confirmed: false });
    const notice = await env.mailbox.waitFor(mailTo(carer.email));
    expect(notice.subject).toBe('Your Vigil email address was changed');

    const bad = await env.call(carer.token, 'PUT', `${BASE}/update-profile`, { fullName: '', email: 'nope', phoneNumber: '12-34' });
    expect(problemsOf(bad.body)).toEqual({ fullName: 'Full name is required', email: 'Email must be valid!', phoneNumber: 'Phone number must only contain digits!' });
    const taken = await env.call(carer.token, 'PUT', `${BASE}/update-profile`, { fullName: 'X', email: 'caregiver@example.com' });
    expect(problemsOf(taken.body)).toEqual({ email: 'Email already exists' });
  });

  it('declares its policies: anonymous 401, a user without the account policy 403', async () => {
    const res = await fetch(`${env.server.url}${BASE}`);
    expect(res.status).toBe(401);
    const outsider = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: 'no-account-policy', role: 'Viewer', policies: ['Vigil.Guides'] });
    const token = (await tokensFor(env.server.url, outsider.userName, outsider.password)).access_token;
    expect((await env.call(token, 'GET', BASE)).status).toBe(403);
    expect((await env.call(token, 'POST', `${BASE}/change-password`, { currentPassword: 'x', newPassword: 'y' })).status).toBe(403);
    expect((await upload(token, PNG, 'image/png')).status).toBe(403);
  });

  it('changes the password with the current one, by the SPEC policy, never to one of the last five', async () => {
    const carer = await env.caregiver();
    const change = (currentPassword: string, newPassword: string) => env.call(carer.token, 'POST', `${BASE}/change-password`, { currentPassword, newPassword, confirmPassword: newPassword });

    const wrong = await change('Wrong-Pass-2026!', 'Another-Pass-2026!');
    expect(problemsOf(wrong.body)).toHaveProperty('currentPassword');
    const weak = await change(carer.password, 'weakpassword');
    expect(weak.status).toBe(400);
    expect(weak.body.error?.validationErrors?.map((e) => e.message)).toEqual([
      'Must contain at least one uppercase letter',
      'Must contain at least one number',
      'Must contain at least one special character (e.g. ! @ # ?)',
    ]);
    const mismatch = await env.call(carer.token, 'POST', `${BASE}/change-password`, { currentPassword: carer.password, newPassword: 'Another-Pass-2026!', confirmPassword: 'Other' });
    expect(problemsOf(mismatch.body)).toEqual({ confirmPassword: 'Passwords must match' });
    const same = await change(carer.password, carer.password);
    expect(problemsOf(same.body)).toEqual({ newPassword: 'The new password must differ from your previous passwords' });

    // Each differs significantly from the one before (SPEC section 5): a new word each.
    const passwords = ['Amber', 'Glacier', 'Quartz', 'Meadow', 'Tundra'].map((word, n) => `${word}-Rotating-${n}!`);
    let current = carer.password;
    for (const next of passwords) {
      expect((await change(current, next)).status).toBe(204);
      current = next;
    }
    // The first of the last five is still remembered; the one before them is free again.
    expect(problemsOf((await change(current, passwords[0]!)).body)).toEqual({ newPassword: 'The new password must differ from your previous passwords' });
    expect((await change(current, carer.password)).status).toBe(204);
    expect((await signIn(env.server.url, carer.userName, carer.password)).tokens).toBeTruthy();
    expect((await signIn(env.server.url, carer.userName, passwords[4]!)).tokens).toBeUndefined();
  });

  it('stores an image, serves it back, and refuses non-images and oversized files before storing', async () => {
    const carer = await env.caregiver();
    const stored = await upload(carer.token, PNG, 'application/octet-stream');
    expect(stored).toMatchObject({ status: 201, body: { contentType: 'image/png', size: PNG.length } });
    const served = await fetch(`${env.server.url}${AVATAR}`, { headers: { authorization: `Bearer ${carer.token}` } });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await env.call(carer.token, 'GET', BASE)).body.avatarUpdated).toBeTruthy();

    // A text file named and typed as an image is judged by its content.
    const fake = await upload(carer.token, '<svg onload="alert(1)"></svg>', 'image/png');
    expect(fake).toMatchObject({ status: 400, body: { error: { message: 'Only pictures can be uploaded (PNG, JPEG, GIF or WebP).' } } });
    expect((await upload(carer.token, '<svg/>', 'image/svg+xml')).status).toBe(400);
    expect((await upload(carer.token, 'hello', 'text/plain')).status).toBe(400);

    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const oversized = await upload(carer.token, big, 'image/png');
    expect(oversized).toMatchObject({ status: 400, body: { error: { code: 'Vigil:InvalidAvatar', message: "Image can't be bigger than 2MB" } } });
    const row = await env.db.selectFrom('user_avatars').select('size').where('user_id', '=', carer.userId).executeTakeFirstOrThrow();
    expect(row.size).toBe(PNG.length);

    const danish = await upload(carer.token, big, 'image/png', { 'accept-language': 'da' });
    expect(danish.body.error?.message).toMatch(/2 ?MB/);
    expect(danish.body.error?.message).not.toBe("Image can't be bigger than 2MB");

    expect((await env.call(carer.token, 'DELETE', AVATAR)).status).toBe(204);
    // No picture is not an error (no 404 in the browser's console on every page): 204, no body.
    const none = await fetch(`${env.server.url}${AVATAR}`, { headers: { authorization: `Bearer ${carer.token}` } });
    expect(none.status).toBe(204);
    expect((await none.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses deletion while a subscription is active, then deletes once they are paused', async () => {
    const carer = await env.caregiver();
    // A real subscription through billing (a card, then the watch's subscription), and a watch without one.
    const watch = await env.watch(carer.userId, 'active');
    await env.watch(carer.userId, 'paused');
    await addDefaultCard(env.server.url, carer.token);
    const started = await env.call(carer.token, 'POST', '/api/stripe/subscription/subscriptions', { deviceId: watch, plan: 'monthly' });
    expect(started.status).toBe(200);
    expect((await env.call(carer.token, 'GET', BASE)).body).toMatchObject({ activeSubscriptions: 1, canDelete: false });

    const refused = await env.call(carer.token, 'POST', `${BASE}/delete-user`, { password: carer.password });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'Vigil:ActiveSubscriptions',
      message: "Your account can't be deleted while 1 subscription is active. Pause the subscription or transfer the account first.",
    });
    expect((await env.db.selectFrom('users').select('is_deleted').where('id', '=', carer.userId).executeTakeFirstOrThrow()).is_deleted).toBe(false);

    expect((await env.call(carer.token, 'POST', '/api/stripe/subscription/pause-subscription', { subscriptionId: started.body.id })).status).toBe(200);
    expect((await env.call(carer.token, 'GET', BASE)).body).toMatchObject({ activeSubscriptions: 0, canDelete: true });
    expect((await env.call(carer.token, 'POST', `${BASE}/delete-user`, { password: 'Wrong-Pass-2026!' })).status).toBe(400);
    expect((await env.call(carer.token, 'POST', `${BASE}/delete-user`, { password: carer.password })).status).toBe(204);
    expect((await signIn(env.server.url, carer.userName, carer.password)).tokens).toBeUndefined();
    const refresh = await fetch(`${env.server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: carer.tokens.refresh_token!, client_id: 'vigil-web' }),
    });
    expect(refresh.status).toBe(400);
  });
});
