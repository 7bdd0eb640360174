import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import { signIn } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { MAX_CODE_ATTEMPTS, startChallenge, verifyChallenge } from '../../server/identity/two-factor';

/** The six-digit code in the newest sign-in mail to `to`. */
async function codeFrom(mailbox: TestMailbox, to: string, after: number, subject = 'Your Vigil sign-in code'): Promise<string> {
  const mail = await mailbox.waitFor((m) => mailbox.messages.indexOf(m) >= after && m.subject === subject && (m.to && 'text' in m.to ? m.to.text : '') === to);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

describe.each(DATABASES)('two-factor sign-in on $name', ({ url }) => {
  let mailbox: TestMailbox;
  let server: TestServer;
  let user: Awaited<ReturnType<typeof createTenantUser>>;
  const email = (name: string) => `${name}@fixtures.vigil.local`;

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    server = await startServer(url, { smtpUrl: mailbox.url });
    user = await createTenantUser(server.database.db, { tenant: 'Two Factor Care', userName: 'twofa', role: 'Staff', policies: [] });
    await server.database.db.updateTable('users').set({ two_factor_enabled: true }).where('id', '=', user.userId).execute();
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  it('asks for the mailed code after the password, and signs in with it', async () => {
    const before = mailbox.messages.length;
    const attempt = await signIn(server.url, 'twofa', user.password, { twoFactorCode: () => codeFrom(mailbox, email('twofa'), before) });
    expect(attempt.tokens?.access_token).toBeTruthy();
    const mail = mailbox.messages.at(-1)!;
    expect(mail.subject).toBe('Your Vigil sign-in code');
    const logs = await server.database.db.selectFrom('security_logs').select('action').where('user_id', '=', user.userId).orderBy('creation_time').execute();
    expect(logs.map((l) => l.action)).toEqual(['TwoFactorCodeSent', 'LoginSucceeded']);
  });

  it('without the code there is no sign-in: the password alone shows the code page', async () => {
    const attempt = await signIn(server.url, 'twofa', user.password);
    expect(attempt.tokens).toBeUndefined();
    expect(attempt.page).toContain('name="code"');
    expect(attempt.page).toContain('Enter your sign-in code');
  });

  it('refuses a wrong code with the code page again', async () => {
    const attempt = await signIn(server.url, 'twofa', user.password, { twoFactorCode: async () => 'x00000' });
    expect(attempt.status).toBe(401);
    expect(attempt.page).toContain('That code is not correct');
    const failed = await server.database.db.selectFrom('security_logs').select('action').where('user_id', '=', user.userId).where('action', '=', 'TwoFactorFailed').execute();
    expect(failed).toHaveLength(1);
  });

  it('ends a challenge after five wrong codes, and an expired code is refused', async () => {
    const { db } = server.database;
    await startChallenge(db, { uid: 'uid-exhaust', userId: user.userId, email: email('twofa'), tenantId: user.tenantId, lang: 'en' });
    const results = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) results.push((await verifyChallenge(db, 'uid-exhaust', 'x')).ok ? 'ok' : 'no');
    expect(results).toEqual(['no', 'no', 'no', 'no', 'no']);
    // Used up: even the right code can no longer finish this sign-in.
    expect(await verifyChallenge(db, 'uid-exhaust', '123456')).toEqual({ ok: false, reason: 'missing' });

    await startChallenge(db, { uid: 'uid-expired', userId: user.userId, email: email('twofa'), tenantId: user.tenantId, lang: 'en' });
    await db.updateTable('two_factor_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('interaction_uid', '=', 'uid-expired').execute();
    expect(await verifyChallenge(db, 'uid-expired', '123456')).toEqual({ ok: false, reason: 'expired' });
  });

  it('answers in the sign-in language: the code page and the mail are Danish for a Danish browser', async () => {
    const before = mailbox.messages.length;
    const attempt = await signIn(server.url, 'twofa', user.password, { language: 'da', twoFactorCode: () => codeFrom(mailbox, email('twofa'), before, 'Din loginkode til Vigil') });
    expect(attempt.tokens).toBeTruthy();
  });

  it('users without two-factor sign in with the password alone', async () => {
    const plain = await createTenantUser(server.database.db, { tenantId: user.tenantId, userName: 'plain2fa', role: 'Staff', policies: [] });
    const attempt = await signIn(server.url, 'plain2fa', plain.password);
    expect(attempt.tokens).toBeTruthy();
  });
});
