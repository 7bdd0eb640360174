import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../common/features';
import { normalize } from '../../server/identity/user-records';
import { MAIL_LIMITS } from '../../server/http/mail-limits';
import { DEMO_USERS } from '../../server/seed/demo';
import { accountsServer, mailTo, type AccountsServer } from '../support/accounts';
import { DATABASES } from '../support/server';

/**
 * Mail and enumeration abuse, played by the attacker (docs/decisions/027-mail-abuse.md): floods of
 * mail-sending calls are limited per target and per client address, answers do not tell whether
 * an address has an account, registration only goes into tenants open to it, and what a caller
 * typed reaches a mail only as quoted, defanged data.
 */
const BASE = '/api/plugandplay/profile';
const PASSWORD = 'Register-Pass-2026!';

const form = (over: Record<string, unknown> = {}) => {
  const id = randomUUID().slice(0, 8);
  return { userName: `abuse-${id}`, fullName: 'Ann Other', email: `ann-${id}@example.org`, password: PASSWORD, confirmPassword: PASSWORD, agreeTerms: true, ...over };
};

describe.each(DATABASES)('mail abuse on $name', ({ url }) => {
  let env: AccountsServer;
  beforeAll(async () => {
    // Behind a proxy on loopback: X-Forwarded-For names the client, so the test plays many clients.
    env = await accountsServer(url, { trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** A call from a client address of the test's choosing (X-Forwarded-For from the trusted loopback proxy). */
  const send = async (method: string, path: string, opts: { body?: unknown; from?: string; token?: string; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${env.server.url}${path}`, {
      method,
      headers: {
        'accept-language': 'en',
        'x-forwarded-for': opts.from ?? `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { error?: { code: string; message: string } } };
  };
  const register = (body: Record<string, unknown>, opts: { from?: string; headers?: Record<string, string> } = {}) => send('POST', `${BASE}/pending-registration`, { body, ...opts });
  /** Gives a user a name the caller never typed, to look for in answers. */
  const named = async (user: { userId: string }) => {
    const surname = `Secret${randomUUID().slice(0, 6)}`;
    await env.db.updateTable('users').set({ name: 'Rita', surname }).where('id', '=', user.userId).execute();
    return surname;
  };
  const settle = () => new Promise((r) => setTimeout(r, 1500));
  const tenantWith = async (selfRegistration: boolean | undefined) => {
    const id = randomUUID();
    const name = `Abuse ${id.slice(0, 8)}`;
    await env.db.insertInto('tenants').values({ id, name, normalized_name: normalize(name), concurrency_stamp: randomUUID() }).execute();
    if (selfRegistration !== undefined) {
      await env.db.insertInto('feature_values').values({ id: randomUUID(), name: FEATURES.selfRegistration.name, value: String(selfRegistration), provider_name: 'T', provider_key: id }).execute();
    }
    return { id, name };
  };

  it('limits a flood of registrations for one target address, from many client addresses, and mails it at most the limit', async () => {
    const target = `victim-${randomUUID()}@example.org`;
    const answers = [];
    for (let i = 0; i < MAIL_LIMITS.perEmail + 3; i++) answers.push(await register(form({ email: target })));
    expect(answers.map((a) => a.status)).toEqual([...Array(MAIL_LIMITS.perEmail).fill(202), 429, 429, 429]);
    const refused = answers.at(-1)!;
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.error).toMatchObject({ code: 'Vigil:TooManyRequests', message: 'Too many requests. Please wait a moment and try again.' });
    await settle();
    expect(env.mailbox.messages.filter(mailTo(target)).length).toBeLessThanOrEqual(MAIL_LIMITS.perEmail);
    // Resending links to the same inbox draws on the same budget.
    expect((await send('POST', `${BASE}/resend-email`, { body: { email: target } })).status).toBe(429);
  });

  it('limits a flood from one client address to many targets', async () => {
    const from = '203.0.113.7';
    const targets = Array.from({ length: MAIL_LIMITS.perAddress + 2 }, () => `spray-${randomUUID()}@example.org`);
    const statuses = [];
    for (const email of targets) statuses.push((await register(form({ email }), { from })).status);
    expect(statuses).toEqual([...Array(MAIL_LIMITS.perAddress).fill(202), 429, 429]);
    await settle();
    const mailed = env.mailbox.messages.filter((m) => targets.some((t) => mailTo(t)(m)));
    expect(mailed.length).toBeLessThanOrEqual(MAIL_LIMITS.perAddress);
    // Another mail-sending route shares the address's budget.
    expect((await send('POST', `${BASE}/resend-email`, { body: { email: `x-${randomUUID()}@example.org` }, from })).status).toBe(429);
  });

  it('answers the same for an existing and a new address, in the demo tenant and in another open tenant', async () => {
    const open = await tenantWith(true);
    const existing = await env.caregiver('owner');
    for (const headers of [{}, { __tenant: open.id }] as Record<string, string>[]) {
      const known = await register(form({ email: existing.email }), { headers });
      const known2 = await register(form({ email: DEMO_USERS.caregiver.email }), { headers });
      const fresh = await register(form(), { headers });
      expect(known.status).toBe(202);
      expect({ status: known.status, body: known.body }).toEqual({ status: fresh.status, body: fresh.body });
      expect({ status: known2.status, body: known2.body }).toEqual({ status: fresh.status, body: fresh.body });
      expect(JSON.stringify(known.body)).not.toMatch(/exist/i);
    }
    // The owner hears that someone tried, with no registration link and nothing the caller typed.
    const note = await env.mailbox.waitFor(mailTo(existing.email));
    expect(note.subject).toBe('Someone tried to register with your email address');
    expect(note.text).not.toContain('token=');
    expect(note.text).not.toContain('Ann Other');
    const users = await env.db.selectFrom('users').select('id').where('normalized_email', '=', normalize(existing.email)).execute();
    expect(users).toHaveLength(1);
  });

  it('refuses a tenant without self-registration exactly like an unknown one', async () => {
    const closed = await tenantWith(undefined);
    const off = await tenantWith(false);
    const answers = await Promise.all(
      [closed.id, closed.name, off.id, randomUUID(), 'No Such Tenant'].map(async (tenant) => {
        const res = await register(form(), { headers: { __tenant: tenant } });
        return { status: res.status, body: res.body };
      }),
    );
    expect(answers[0]!.status).toBe(403);
    expect(answers[0]!.body.error).toMatchObject({ code: 'Vigil:RegistrationClosed', message: 'Registration is not open here. Please contact support.' });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // Nothing was created there.
    const created = await env.db.selectFrom('users').select('id').where('tenant_id', 'in', [closed.id, off.id]).execute();
    expect(created).toHaveLength(0);
  });

  it('shows a typed name in the mail only as quoted data: no link, escaped HTML, no free text', async () => {
    const body = form({ fullName: 'Hello Visit http://evil.example <b>now</b>' });
    expect((await register(body)).status).toBe(202);
    const mail = await env.mailbox.waitFor(mailTo(body.email));
    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(text).not.toContain('http://evil.example');
    expect(text).not.toContain('evil.example');
    expect(text).toContain('hxxp[://]evil[.]example');
    expect(text).toMatch(/shown exactly as typed/);
    expect(text).toContain('> Full name: “Hello Visit hxxp[://]evil[.]example <b>now</b>”');
    expect(text.startsWith('Hello,')).toBe(true);
    expect(html).not.toMatch(/href="[^"]*evil/);
    expect(html).not.toContain('<b>now</b>');
    expect(html).toContain('&lt;b&gt;now&lt;/b&gt;');
    expect(html).toContain('<blockquote>');
    // Only Vigil's own link is a link.
    expect([...html.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).origin)).toEqual([env.server.url]);
    // The body carries no message field that could write the mail.
    expect((await register(form({ message: 'Visit http://evil.example' }))).status).toBe(400);
  });

  it('answers a transfer invitation the same for an existing and a non-existing recipient, with no names', async () => {
    const sender = await env.caregiver('sender');
    const recipient = await env.caregiver('recipient');
    const inactive = await env.caregiver('inactive');
    await env.db.updateTable('users').set({ is_active: false }).where('id', '=', inactive.userId).execute();
    const names = [await named(recipient), await named(inactive)];
    const invite = async (who: string) => {
      const res = await send('POST', `${BASE}/transfer-user-1/${encodeURIComponent(who)}`, { token: sender.token });
      const profile = await send('GET', BASE, { token: sender.token });
      const outgoing = profile.body.outgoingTransfer as Record<string, unknown>;
      return { status: res.status, body: res.body, outgoing: { status: outgoing.status, recipient: outgoing.recipient, keys: Object.keys(outgoing).sort() } };
    };
    const known = await invite(recipient.email);
    const byName = await invite(recipient.userName);
    const unknown = await invite(`nobody-${randomUUID()}@example.org`);
    const notActive = await invite(inactive.email);
    expect(known.status).toBe(202);
    for (const other of [byName, unknown, notActive]) {
      expect(other.status).toBe(known.status);
      expect(other.body).toEqual(known.body);
      expect(other.outgoing.keys).toEqual(known.outgoing.keys);
    }
    expect(known.outgoing).toMatchObject({ status: 'pending', recipient: recipient.email });
    const everything = JSON.stringify([known, byName, unknown, notActive]);
    for (const name of names) expect(everything).not.toContain(name);
    expect(everything).not.toMatch(/recipientName|recipientEmail/);
  });

  it('answers an alarm-receiver invitation the same for an existing and a non-existing email, with no names', async () => {
    const owner = await env.caregiver('owner');
    const watch = await env.watch(owner.userId, 'active');
    const receiver = await env.caregiver('receiver');
    const name = await named(receiver);
    const invite = (email: string) => send('POST', `${BASE}/invite-user`, { token: owner.token, body: { deviceId: watch, email } });
    const known = await invite(receiver.email);
    const unknown = await invite(`nobody-${randomUUID()}@example.org`);
    const again = await invite(receiver.email);
    expect(known.status).toBe(202);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect({ status: again.status, body: again.body }).toEqual({ status: known.status, body: known.body });
    const listed = await send('GET', `${BASE}/invited-by-user?deviceId=${watch}`, { token: owner.token });
    expect(JSON.stringify([known, unknown, listed])).not.toContain(name);
    expect((listed.body.items as { email: string }[]).map((r) => r.email)).toEqual([receiver.email]);
    // The real receiver is told, quoted and defanged.
    const mail = await env.mailbox.waitFor(mailTo(receiver.email));
    expect(mail.text).toMatch(/“[^”]+”/);
  });
});
