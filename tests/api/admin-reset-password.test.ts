import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmRun } from '../support/npm-start';
import { startServer, type TestServer } from '../support/server';
import { refreshTokens, signIn, tokensFor, type Tokens } from '../support/sign-in';

/**
 * `npm run admin -- reset-password <user>`: the operator's way back in for a host administrator
 * who is alone, run as the operator runs it (the package script, a child process), on the embedded
 * database (Vigil stopped) and on PostgreSQL (Vigil running).
 */
const ADMIN = { userName: 'lone-admin', email: 'lone-admin@example.org', password: 'First-Admin-Pass-2026!' };
/** No demo accounts: the install has its one host administrator. */
const INSTALL = { seedDemo: false, firstAdmin: ADMIN };

/** The password the script printed (the indented line after "shown only this once"). */
const printedPassword = (out: string) => /shown only this once:\n\n {2}(\S+)\n/.exec(out)?.[1];

const profileStatus = async (server: TestServer, tokens: Tokens) =>
  (await fetch(`${server.url}/api/identity/users?MaxResultCount=1`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status;

async function securityLogOf(server: TestServer) {
  return server.database.db
    .selectFrom('security_logs')
    .select(['action', 'user_name', 'extra_properties'])
    .where('action', '=', 'PasswordReset')
    .where('user_name', '=', ADMIN.userName)
    .execute();
}

describe('npm run admin -- reset-password on the embedded database', () => {
  let root: string;
  let dataDir: string;
  let server: TestServer | undefined;
  const admin = (args: string[], input?: string) => npmRun('admin', args, { DATA_DIR: dataDir, DATABASE_URL: '' }, input);

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-admin-'));
    dataDir = path.join(root, 'data');
  });
  afterAll(async () => {
    await server?.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('explains itself and refuses what it cannot do', async () => {
    const help = await admin(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('reset-password <user>');
    expect(help.out).toContain('--password-stdin');
    expect(await admin(['reset-password', 'anyone'])).toMatchObject({ code: 2, out: expect.stringContaining(`There is no database in ${dataDir}`) });
    expect(await admin(['frobnicate'])).toMatchObject({ code: 2, out: expect.stringContaining('Unknown command "frobnicate"') });
  });

  it('sets a new random password printed once, ends every session, and is logged', async () => {
    server = await startServer('', { ...INSTALL, dataDir, memoryTemplate: '' });
    const before = await tokensFor(server.url, ADMIN.userName, ADMIN.password);
    // Only one process can open the embedded database: while Vigil runs, the script says so.
    expect(await admin(['reset-password', ADMIN.userName])).toMatchObject({ code: 2, out: expect.stringContaining('Vigil is running on') });
    await server.stop();
    server = undefined;

    expect(await admin(['reset-password', 'nobody-here'])).toMatchObject({ code: 2, out: expect.stringContaining('There is no user "nobody-here"') });
    const done = await admin(['reset-password', ADMIN.userName]);
    expect(done.code).toBe(0);
    const password = printedPassword(done.out)!;
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(done.out).toContain('Every session of the user has ended');

    server = await startServer('', { ...INSTALL, dataDir, memoryTemplate: '' });
    expect(await refreshTokens(server.url, before.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await profileStatus(server, before)).toBe(401);
    expect((await signIn(server.url, ADMIN.userName, ADMIN.password)).status).toBe(401);
    const after = await tokensFor(server.url, ADMIN.userName, password);
    expect(await profileStatus(server, after)).toBe(200);
    const entries = await securityLogOf(server);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.extra_properties).toEqual({ by: 'operator' });
    expect(JSON.stringify(entries)).not.toContain(password);
    await server.stop();
    server = undefined;
  }, 180_000);

  it('takes a chosen password from standard input under the password rules and history', async () => {
    expect(await admin(['reset-password', ADMIN.email, '--password-stdin'], 'short\n')).toMatchObject({ code: 2, out: expect.stringContaining('The password was refused: Must be at least 10 characters') });
    expect(await admin(['reset-password', ADMIN.email, '--password-stdin'], `${ADMIN.password}\n`)).toMatchObject({
      code: 2,
      out: expect.stringContaining('The new password must differ from your previous passwords'),
    });
    expect(await admin(['reset-password', ADMIN.email, '--password-stdin'], '')).toMatchObject({ code: 2, out: expect.stringContaining('No password was given') });
    const chosen = 'Chosen-By-Operator-2026!';
    const done = await admin(['reset-password', ADMIN.email, '--password-stdin'], `${chosen}\nignored second line\n`);
    expect(done.code).toBe(0);
    expect(done.out).not.toContain(chosen);
    expect(printedPassword(done.out)).toBeUndefined();
    server = await startServer('', { ...INSTALL, dataDir, memoryTemplate: '' });
    expect((await signIn(server.url, ADMIN.userName, chosen)).status).toBe(200);
  }, 180_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run admin -- reset-password on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(process.env.TEST_DATABASE_URL!, INSTALL);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('resets the password while Vigil runs: its sessions end at once, the new password signs in', async () => {
    const before = await tokensFor(server.url, ADMIN.userName, ADMIN.password);
    expect(await profileStatus(server, before)).toBe(200);
    const done = await npmRun('admin', ['reset-password', ADMIN.userName], { DATABASE_URL: server.config.databaseUrl, DATA_DIR: '' });
    expect(done.code).toBe(0);
    const password = printedPassword(done.out)!;
    expect(await refreshTokens(server.url, before.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The running node hears of the ended grant (LISTEN/NOTIFY) and refuses its access token.
    await expect.poll(() => profileStatus(server, before), { timeout: 5000 }).toBe(401);
    expect((await signIn(server.url, ADMIN.userName, ADMIN.password)).status).toBe(401);
    expect(await profileStatus(server, await tokensFor(server.url, ADMIN.userName, password))).toBe(200);
    expect(await securityLogOf(server)).toHaveLength(1);
  }, 120_000);
});
