import { randomBytes, randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '../../server/http/mail-limits';
import { hashToken, PASSWORD_RESET_TOKEN_MINUTES } from '../../server/accounts/tokens';
import { accountsServer, mailTo, problemsOf, type AccountsServer } from '../support/accounts';
import { DATABASES } from '../support/server';
import { captureServerLog } from '../support/server-log';
import { refreshTokens, signIn, tokensFor } from '../support/sign-in';

/**
 * The way back in after a forgotten password, played by its owner and by an attacker: the mailed
 * link sets a new password under the password rules and history and ends every sign-in; it works
 * once, for an hour, and not after a newer link or a password change; unknown addresses get the
 * same answer and no mail; floods meet the mail limits; the token never reaches a log.
 */
const SEND = '/api/account/send-password-reset-code';
const VERIFY = '/api/account/verify-password-reset-token';
const RESET = '/api/account/reset-password';
const NEW_PASSWORD = 'Remembered-Again-2026!';

/** Everything the server logs, to show no token is in it. */
const serverLog = captureServerLog();

/** The link in a reset mail and its token (in the fragment, not the query). */
function resetLinkIn(mail: ParsedMail): { link: URL; token: string } {
  const match = /https?:\/\/\S+\/password-reset\S*/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  const link = new URL(match[0]);
  return { link, token: new URLSearchParams(link.hash.slice(1)).get('token')! };
}

describe.each(DATABASES)('password reset by mail on $name', ({ url }) => {
  let env: AccountsServer;
  const tokensSeen: string[] = [];
  beforeAll(async () => {
    // Behind a proxy on loopback: X-Forwarded-For names the client, so the test plays many clients. Logging on, to read it.
    env = await accountsServer(url, { trustProxy: ['loopback'], logLevel: 'info' });
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** An anonymous call from a client address of the test's choosing (a fresh one by default). */
  const send = async (path: string, body: unknown, opts: { from?: string; lang?: string } = {}) => {
    const started = performance.now();
    const res = await fetch(`${env.server.url}${path}`, {
      method: 'POST',
      headers: {
        'accept-language': opts.lang ?? 'en',
        'content-type': 'application/json',
        'x-forwarded-for': opts.from ?? `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ms: performance.now() - started,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { error?: { code: string; message: string; validationErrors: { message: string; members: string[] }[] | null } },
    };
  };
  const requestReset = (login: string, opts: { from?: string; lang?: string } = {}) => send(SEND, { login }, opts);
  /** The n-th reset mail to an address (0: the first), with its link's token. */
  const mailedReset = async (email: string, n = 0) => {
    await expect.poll(() => env.mailbox.messages.filter((m) => mailTo(email)(m) && /password-reset/.test(m.text ?? '')).length, { timeout: 15_000 }).toBeGreaterThan(n);
    const mail = env.mailbox.messages.filter((m) => mailTo(email)(m) && /password-reset/.test(m.text ?? ''))[n]!;
    const { link, token } = resetLinkIn(mail);
    tokensSeen.push(token);
    return { mail, link, token };
  };
  const securityLog = (userId: string) =>
    env.db.selectFrom('security_logs').select(['action', 'user_name', 'client_ip_address', 'extra_properties']).where('user_id', '=', userId).orderBy('creation_time').execute();

  it('mails a single-use link that sets a new password under the rules and history, ends every sign-in, and lets the new password in', async () => {
    const carer = await env.caregiver('forgetful');
    const elsewhere = await tokensFor(env.server.url, carer.userName, carer.password);
    expect(carer.tokens.refresh_token).toBeTruthy();

    const asked = await requestReset(carer.userName, { from: '198.51.100.20' });
    expect(asked).toMatchObject({ status: 202, body: { message: 'If an account exists for that email address or user name, we have sent a link to choose a new password to its email address. Check your spam folder too.' } });
    const { mail, link, token } = await mailedReset(carer.email);
    expect(mail.subject).toBe('Reset your Vigil password');
    // The token is in the fragment: browsers never send it, so no server or proxy log can hold it.
    expect(`${link.origin}${link.pathname}${link.search}`).toBe(`${env.server.url}/password-reset`);
    expect(mail.text).toContain(`The link works once and for ${PASSWORD_RESET_TOKEN_MINUTES} minutes.`);
    expect(mail.text).toContain(`“${carer.userName}”`);
    expect(mail.html).toContain(`href="${link.toString()}"`);
    // Only its hash is kept.
    const stored = await env.db.selectFrom('account_tokens').select(['token_hash', 'purpose']).where('user_id', '=', carer.userId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.purpose).toBe('password-reset');
    expect(stored[0]!.token_hash).not.toContain(token);

    expect(await send(VERIFY, { token })).toMatchObject({ status: 200, body: { userName: carer.userName } });

    // The password rules and the history apply, refused in ABP's shape in the caller's language.
    const weak = await send(RESET, { token, newPassword: 'short' }, { lang: 'de' });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.validationErrors?.every((e) => e.members[0] === 'newPassword')).toBe(true);
    expect(weak.body.error?.validationErrors?.map((e) => e.message)).toContain('Muss mindestens 10 Zeichen lang sein');
    const reused = await send(RESET, { token, newPassword: carer.password });
    expect(reused.status).toBe(400);
    expect(problemsOf(reused.body)).toEqual({ newPassword: 'The new password must differ from your previous passwords' });
    // Refused attempts spend nothing.
    expect((await send(VERIFY, { token })).status).toBe(200);

    expect(await send(RESET, { token, newPassword: NEW_PASSWORD }, { from: '198.51.100.21' })).toEqual(expect.objectContaining({ status: 200, body: { userName: carer.userName } }));

    // Every sign-in ended: refresh tokens refused, access tokens refused by the API.
    for (const tokens of [carer.tokens, elsewhere]) expect(await refreshTokens(env.server.url, tokens.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expect.poll(async () => (await env.call(carer.token, 'GET', '/api/plugandplay/profile')).status, { timeout: 5000 }).toBe(401);
    // The old password is gone; the new one signs in.
    expect((await signIn(env.server.url, carer.userName, carer.password)).status).toBe(401);
    const fresh = await tokensFor(env.server.url, carer.userName, NEW_PASSWORD);
    expect((await env.call(fresh.access_token, 'GET', '/api/plugandplay/profile')).status).toBe(200);

    // Single use, said so.
    const again = await send(RESET, { token, newPassword: 'Yet-Another-Pass-2026!' });
    expect(again).toMatchObject({ status: 403, body: { error: { code: 'Vigil:LinkUsed', message: 'This password reset link has already been used. Sign in with your new password, or ask for a new link.' } } });
    expect((await send(VERIFY, { token })).status).toBe(403);

    // Both steps are in the security log, with the client's address and without the token.
    const entries = await securityLog(carer.userId);
    const resetEntries = entries.filter((e) => e.action.startsWith('PasswordReset'));
    expect(resetEntries.map((e) => [e.action, e.user_name, e.client_ip_address])).toEqual([
      ['PasswordResetRequested', carer.userName, '198.51.100.20'],
      ['PasswordReset', carer.userName, '198.51.100.21'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it('writes the mail in the account owner’s language, else the request’s', async () => {
    const dane = await env.caregiver('dane');
    await env.db.insertInto('caregiver_profiles').values({ user_id: dane.userId, tenant_id: env.sunriseId, language: 'da-DK' }).execute();
    const swede = await env.caregiver('swede');
    // Chosen with the app's language switch (PUT /api/plugandplay/profile/language).
    expect((await env.call(swede.token, 'PUT', '/api/plugandplay/profile/language', { language: 'sv' })).status).toBeLessThan(300);
    const nobody = await env.caregiver('unset');
    for (const who of [dane, swede, nobody]) expect((await requestReset(who.email, { lang: 'de' })).status).toBe(202);
    expect((await mailedReset(dane.email)).mail.subject).toBe('Nulstil din adgangskode til Vigil');
    expect((await mailedReset(swede.email)).mail.subject).toBe('Återställ ditt lösenord för Vigil');
    expect((await mailedReset(nobody.email)).mail.subject).toBe('Setzen Sie Ihr Vigil-Passwort zurück');
  });

  it('refuses a replaced, a voided, an expired and a forged link, each with a clear message', async () => {
    const carer = await env.caregiver('refused');
    await requestReset(carer.email);
    const first = await mailedReset(carer.email, 0);
    await requestReset(carer.userName);
    const second = await mailedReset(carer.email, 1);
    const invalid = { status: 404, body: { error: { code: 'Vigil:LinkInvalid', message: expect.stringContaining('This password reset link is not valid.') } } };
    // A newer request replaces the older link.
    expect(await send(RESET, { token: first.token, newPassword: NEW_PASSWORD })).toMatchObject(invalid);
    expect((await send(VERIFY, { token: second.token })).status).toBe(200);

    // A password change since the link was sent voids it.
    const changed = await env.call(carer.token, 'POST', '/api/account/my-profile/change-password', { currentPassword: carer.password, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(204);
    expect(await send(RESET, { token: second.token, newPassword: 'Another-Pass-2026!' })).toMatchObject(invalid);

    // An expired link says so (the row's time moved back past its hour).
    await requestReset(carer.email);
    const third = await mailedReset(carer.email, 2);
    await env.db.updateTable('account_tokens').set({ expires_time: new Date(Date.now() - 1000) }).where('user_id', '=', carer.userId).execute();
    expect(await send(RESET, { token: third.token, newPassword: 'Another-Pass-2026!' })).toMatchObject({
      status: 403,
      body: { error: { code: 'Vigil:LinkExpired', message: 'This password reset link has expired. Ask for a new one.' } },
    });

    // A forged token is unknown; one of the wrong shape is refused by the route's schema.
    expect(await send(RESET, { token: randomBytes(32).toString('base64url'), newPassword: 'Another-Pass-2026!' })).toMatchObject(invalid);
    expect(await send(VERIFY, { token: 'x'.repeat(200) })).toMatchObject({ status: 400, body: { error: { validationErrors: [expect.objectContaining({ members: ['token'] })] } } });
    expect((await send(RESET, { token: third.token, newPassword: NEW_PASSWORD, userId: carer.userId })).status).toBe(400);
    // A registration link is no reset link.
    const registration = randomBytes(32).toString('base64url');
    await env.db.insertInto('account_tokens').values({ id: randomUUID(), tenant_id: env.sunriseId, user_id: carer.userId, purpose: 'registration', token_hash: hashToken(registration), expires_time: new Date(Date.now() + 3600_000) }).execute();
    expect(await send(VERIFY, { token: registration })).toMatchObject(invalid);
    // Nothing above changed the password.
    expect((await signIn(env.server.url, carer.userName, NEW_PASSWORD)).status).toBe(200);
  });

  it('lets one of two simultaneous uses of a link through', async () => {
    const carer = await env.caregiver('racing');
    await requestReset(carer.userName);
    const { token } = await mailedReset(carer.email);
    const answers = await Promise.all([send(RESET, { token, newPassword: 'Racer-One-Pass-2026!' }), send(RESET, { token, newPassword: 'Racer-Two-Pass-2026!' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const winner = answers[0]!.status === 200 ? 'Racer-One-Pass-2026!' : 'Racer-Two-Pass-2026!';
    expect((await signIn(env.server.url, carer.userName, winner)).status).toBe(200);
  });

  it('answers an unknown, inactive or deleted account exactly like a known one, mails nothing for it, in about the same time', async () => {
    const known = await env.caregiver('known');
    const inactive = await env.caregiver('inactive');
    await env.db.updateTable('users').set({ is_active: false }).where('id', '=', inactive.userId).execute();
    const deleted = await env.caregiver('deleted');
    await env.db.updateTable('users').set({ is_deleted: true }).where('id', '=', deleted.userId).execute();
    const unknownEmail = `nobody-${randomUUID()}@example.org`;
    const answers = {
      knownEmail: await requestReset(known.email),
      knownName: await requestReset(known.userName),
      unknownEmail: await requestReset(unknownEmail),
      unknownName: await requestReset(`nobody-${randomUUID()}`),
      inactive: await requestReset(inactive.email),
      deleted: await requestReset(deleted.email),
    };
    for (const answer of Object.values(answers)) expect({ status: answer.status, body: answer.body }).toEqual({ status: answers.knownEmail.status, body: answers.knownEmail.body });
    await mailedReset(known.email, 1);
    await new Promise((r) => setTimeout(r, 1000));
    for (const address of [unknownEmail, inactive.email, deleted.email]) expect(env.mailbox.messages.filter(mailTo(address))).toEqual([]);
    const outbox = await env.db.selectFrom('mail_outbox').select('to_address').where('to_address', 'in', [unknownEmail, inactive.email, deleted.email]).execute();
    expect(outbox).toEqual([]);

    // Timing: alternating known and unknown logins (each a fresh target and client), medians apart by little.
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 8; i++) {
      const user = await env.caregiver(`timed${i}`);
      times.known.push((await requestReset(user.userName)).ms);
      times.unknown.push((await requestReset(`ghost-${randomUUID().slice(0, 8)}`)).ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(75);
  });

  it('limits a flood for one target to the shared mail budget, and a flood from one client address', async () => {
    const carer = await env.caregiver('flooded');
    const before = env.mailbox.messages.filter(mailTo(carer.email)).length;
    const answers = [];
    for (let i = 0; i < MAIL_LIMITS.perEmail + 2; i++) answers.push(await requestReset(carer.email));
    expect(answers.map((a) => a.status)).toEqual([...Array(MAIL_LIMITS.perEmail).fill(202), 429, 429]);
    expect(Number(answers.at(-1)!.retryAfter)).toBeGreaterThan(0);
    expect(answers.at(-1)!.body.error).toMatchObject({ code: 'Vigil:TooManyRequests', message: 'Too many requests. Please wait a moment and try again.' });
    // The same budget as every other mail to this address (registration's resend).
    expect((await send('/api/plugandplay/profile/resend-email', { email: carer.email })).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1500));
    expect(env.mailbox.messages.filter(mailTo(carer.email)).length - before).toBeLessThanOrEqual(MAIL_LIMITS.perEmail);
    // An unknown target is counted the same way, so the limit tells nothing either.
    const ghost = `ghost-${randomUUID()}@example.org`;
    const ghostAnswers = [];
    for (let i = 0; i < MAIL_LIMITS.perEmail + 1; i++) ghostAnswers.push((await requestReset(ghost)).status);
    expect(ghostAnswers).toEqual([...Array(MAIL_LIMITS.perEmail).fill(202), 429]);

    const from = '203.0.113.44';
    const statuses = [];
    for (let i = 0; i < MAIL_LIMITS.perAddress + 1; i++) statuses.push((await requestReset(`spray-${randomUUID()}@example.org`, { from })).status);
    expect(statuses).toEqual([...Array(MAIL_LIMITS.perAddress).fill(202), 429]);
  });

  it('never writes a token to the log', async () => {
    const joined = serverLog.text();
    // The log was captured: the reset routes' requests are in it.
    expect(joined).toContain(RESET);
    expect(joined).toContain(VERIFY);
    expect(tokensSeen.length).toBeGreaterThan(5);
    for (const token of tokensSeen) expect(joined).not.toContain(token);
  });
});
