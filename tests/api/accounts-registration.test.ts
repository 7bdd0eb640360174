import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../common/features';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { normalize } from '../../server/identity/user-records';
import { accountsServer, linkIn, mailTo, problemsOf, type AccountsServer } from '../support/accounts';
import { signIn } from '../support/sign-in';

const BASE = '/api/plugandplay/profile';
const PASSWORD = 'Register-Pass-2026!';

const form = (over: Record<string, unknown> = {}) => {
  const id = randomUUID().slice(0, 8);
  return {
    userName: `newcomer-${id}`,
    fullName: 'Nora Newcomer',
    email: `nora-${id}@example.org`,
    phoneNumber: '+4512345678',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agreeTerms: true,
    productUpdates: true,
    ...over,
  };
};

describe.each([
  { name: 'pglite', url: '' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
])('caregiver registration on $name', ({ url }) => {
  let env: AccountsServer;
  beforeAll(async () => {
    env = await accountsServer(url);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const register = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await env.anonymous('POST', `${BASE}/pending-registration`, body, headers);
    return res;
  };
  const mailedToken = async (email: string, after = 0) => {
    await expect.poll(() => env.mailbox.messages.filter(mailTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(after);
    const mail = env.mailbox.messages.filter(mailTo(email))[after]!;
    return { mail, token: linkIn(mail, '/registration?token=').searchParams.get('token')! };
  };

  it('creates a pending account in the plug-and-play tenant, mails a single-use link, and activates it', async () => {
    const body = form();
    const created = await register(body);
    // The same answer whether or not the address has an account (docs/decisions/027-mail-abuse.md).
    expect(created).toEqual({ status: 202, body: { message: 'Check your email. If this address can be used for a new account, we have sent it a link to activate the account; if it already has an account, we have sent it a note on how to sign in.' } });
    const user = await env.db.selectFrom('users').selectAll().where('normalized_user_name', '=', normalize(body.userName)).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ is_active: false, email_confirmed: false, tenant_id: env.sunriseId, name: 'Nora', surname: 'Newcomer', phone_number: '+4512345678' });
    const roles = await env.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.name').where('user_roles.user_id', '=', user.id).execute();
    expect(roles.map((r) => r.name)).toEqual([ROLE_PLUG_AND_PLAY_USER]);

    const { mail, token } = await mailedToken(body.email);
    expect(mail.subject).toBe('Confirm your Vigil account');
    // What the form said is quoted as typed, not used as the mail's own words.
    expect(mail.text).toContain('> Full name: “Nora Newcomer”');
    expect(mail.text).not.toContain('Hello Nora');
    expect(linkIn(mail, '/registration?token=').origin).toBe(env.server.url);
    // Only a hash is kept.
    expect(await env.db.selectFrom('account_tokens').select('id').where('token_hash', '=', token).executeTakeFirst()).toBeUndefined();

    // A pending account cannot sign in.
    const refused = await signIn(env.server.url, body.userName, PASSWORD);
    expect(refused.tokens).toBeUndefined();
    expect(refused.page).toContain('not active');

    const greeting = await env.anonymous('GET', `${BASE}/pending-registration?token=${encodeURIComponent(token)}`);
    expect(greeting).toMatchObject({ status: 200, body: { name: 'Nora Newcomer', userName: body.userName } });

    const completed = await env.anonymous('POST', `${BASE}/complete-registration`, { token });
    expect(completed).toMatchObject({ status: 200, body: { userName: body.userName } });
    const signedIn = await signIn(env.server.url, body.userName, PASSWORD);
    expect(signedIn.tokens?.access_token).toBeTruthy();

    // Reused: refused with a clear message, on both the greeting and the completion.
    const again = await env.anonymous('POST', `${BASE}/complete-registration`, { token });
    expect(again.status).toBe(403);
    expect(again.body.error).toMatchObject({ code: 'Vigil:LinkUsed', message: 'This registration link has already been used. Your account is active: sign in.' });
    expect((await env.anonymous('GET', `${BASE}/pending-registration?token=${encodeURIComponent(token)}`)).body.error?.code).toBe('Vigil:LinkUsed');
  });

  it('refuses an expired link and an unknown one', async () => {
    const body = form();
    expect((await register(body)).status).toBe(202);
    const { token } = await mailedToken(body.email);
    await env.db.updateTable('account_tokens').set({ expires_time: new Date(Date.now() - 1000) }).where('user_id', '=', (await env.db.selectFrom('users').select('id').where('normalized_email', '=', normalize(body.email)).executeTakeFirstOrThrow()).id).execute();
    const expired = await env.anonymous('POST', `${BASE}/complete-registration`, { token });
    expect(expired.status).toBe(403);
    expect(expired.body.error).toMatchObject({ code: 'Vigil:LinkExpired', message: 'This registration link has expired. Ask for a new one below.' });
    const user = await env.db.selectFrom('users').select('is_active').where('normalized_email', '=', normalize(body.email)).executeTakeFirstOrThrow();
    expect(user.is_active).toBe(false);

    const unknown = await env.anonymous('GET', `${BASE}/pending-registration?token=made-up`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('Vigil:LinkInvalid');
    expect((await env.anonymous('POST', `${BASE}/complete-registration`, {})).status).toBe(400);

    // An expired, never-used registration no longer holds the user name or address.
    const retry = await register({ ...form(), userName: body.userName, email: body.email });
    expect(retry.status).toBe(202);
  });

  it('refuses bad input with the messages of SPEC section 5, and taken names', async () => {
    const bad = await register(form({ email: 'not-an-email', phoneNumber: '12ab34', agreeTerms: false, password: 'short', confirmPassword: 'other', userName: 'has space' }));
    expect(bad.status).toBe(400);
    const problems = problemsOf(bad.body);
    expect(problems).toMatchObject({
      email: 'Email must be valid!',
      phoneNumber: 'Phone number must only contain digits!',
      agreeTerms: 'You must agree to the policy and terms',
      confirmPassword: 'Passwords must match',
      password: 'Must be at least 10 characters',
      // Which characters are allowed, not only that some are not.
      userName: 'User name may only contain the letters A–Z, digits and the characters . - _ @ +',
    });
    const weak = await register(form({ password: 'alllowercase1!', confirmPassword: 'alllowercase1!' }));
    expect(problemsOf(weak.body).password).toBe('Must contain at least one uppercase letter');
    expect((await register(form({ fullName: '' }))).body.error?.validationErrors?.[0]).toMatchObject({ members: ['fullName'], message: 'Full name is required' });
    expect((await register({ userName: 'x' })).status).toBe(400);

    // A taken user name is said (it is what the person must change); a taken address is not: its owner is mailed instead.
    const owner = await env.caregiver('owner');
    const takenName = await register(form({ userName: 'caregiver' }));
    expect(problemsOf(takenName.body)).toEqual({ userName: 'User name already exists' });
    const takenEmail = await register(form({ userName: 'caregiver', email: owner.email }));
    const fresh = await register(form());
    expect(takenEmail).toEqual(fresh);
    const note = await env.mailbox.waitFor(mailTo(owner.email));
    expect(note.subject).toBe('Someone tried to register with your email address');
    expect(note.text).not.toContain('token=');

    const danish = await register(form({ email: 'nope' }), { 'accept-language': 'da' });
    expect(problemsOf(danish.body).email).not.toBe('Email must be valid!');
    expect(problemsOf(danish.body).email).toBeTruthy();
  });

  it('mails in the language the person registered in', async () => {
    const body = form();
    expect((await register(body, { 'accept-language': 'de-DE' })).status).toBe(202);
    const { mail } = await mailedToken(body.email);
    expect(mail.subject).toBe('Bestätigen Sie Ihr Vigil-Konto');
  });

  it('resends a new link without telling whether the address has an account, and limits resends', async () => {
    const body = form();
    expect((await register(body)).status).toBe(202);
    const { token: first } = await mailedToken(body.email);
    const known = await env.anonymous('POST', `${BASE}/resend-email`, { email: body.email });
    const unknown = await env.anonymous('POST', `${BASE}/resend-email`, { email: `nobody-${randomUUID()}@example.org` });
    const active = await env.anonymous('POST', `${BASE}/resend-email`, { email: 'caregiver@example.com' });
    expect(known).toEqual(unknown);
    expect(active).toEqual(unknown);
    expect(known.status).toBe(202);

    const { token: second } = await mailedToken(body.email, 1);
    expect(second).not.toBe(first);
    expect((await env.anonymous('POST', `${BASE}/complete-registration`, { token: first })).status).toBe(404);
    expect((await env.anonymous('POST', `${BASE}/complete-registration`, { token: second })).status).toBe(200);
    // Nothing is sent to an active account.
    await new Promise((r) => setTimeout(r, 500));
    expect(env.mailbox.messages.filter(mailTo('caregiver@example.com'))).toHaveLength(0);

    const address = `limited-${randomUUID()}@example.org`;
    const answers = [];
    // The mail limits (server/http/mail-limits.ts): 5 per target address an hour.
    for (let i = 0; i < 6; i++) answers.push((await env.anonymous('POST', `${BASE}/resend-email`, { email: address })).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await env.anonymous('POST', `${BASE}/resend-email`, { email: 'bad' })).status).toBe(400);
  });

  it('registers into the tenant named by __tenant when it is open to self-registration, and refuses where plug and play is off', async () => {
    const tenantId = randomUUID();
    await env.db.insertInto('tenants').values({ id: tenantId, name: `Care ${tenantId.slice(0, 6)}`, normalized_name: normalize(`Care ${tenantId.slice(0, 6)}`), concurrency_stamp: randomUUID() }).execute();
    // Closed until the tenant's Vigil.SelfRegistration is on, like an unknown tenant.
    const shut = await register(form(), { __tenant: tenantId });
    expect(shut.status).toBe(403);
    expect(await register(form(), { __tenant: randomUUID() })).toEqual(shut);
    await env.db.insertInto('feature_values').values({ id: randomUUID(), name: FEATURES.selfRegistration.name, value: 'true', provider_name: 'T', provider_key: tenantId }).execute();
    const body = form();
    expect((await register(body, { __tenant: tenantId })).status).toBe(202);
    const user = await env.db.selectFrom('users').select('tenant_id').where('normalized_email', '=', normalize(body.email)).executeTakeFirstOrThrow();
    expect(user.tenant_id).toBe(tenantId);

    await env.db.insertInto('feature_values').values({ id: randomUUID(), name: FEATURES.plugAndPlay.name, value: 'false', provider_name: 'T', provider_key: tenantId }).execute();
    const closed = await register(form(), { __tenant: tenantId });
    expect(closed.status).toBe(403);
    expect(closed.body.error?.message).toBe('Registration is not open here. Please contact support.');
  });
});
