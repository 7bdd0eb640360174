import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'kysely';
import { createServer, type Server } from '../../server/app';
import { DATABASES, freePort, startServer, type TestServer } from '../support/server';
import { signIn } from '../support/sign-in';

/**
 * Nodes with different PUBLIC_URLs refuse each other's tokens: the 401 says why
 * (Vigil:IssuerMismatch) and the node's log says what to fix, at start (when another issuer shares
 * the database) and on the first token of each foreign issuer.
 */

interface LogLine {
  level: number;
  msg: string;
  issuer?: string;
  otherIssuer?: string;
  tokenIssuer?: string;
}

/**
 * Pino writes to process.stdout itself (not to its file descriptor) once stdout.write has been
 * replaced, so replacing it before a server starts captures that server's log.
 */
let stdout: MockInstance<typeof process.stdout.write>;
const lines: LogLine[] = [];
beforeAll(() => {
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const text of String(chunk).split('\n')) {
      if (text.startsWith('{')) lines.push(JSON.parse(text) as LogLine);
    }
    return true;
  });
});
afterAll(() => stdout.mockRestore());

const WARN = 40;
const startWarnings = (issuer: string) => lines.filter((l) => l.level === WARN && l.issuer === issuer && l.otherIssuer);
const tokenWarnings = (issuer: string) => lines.filter((l) => l.level === WARN && l.issuer === issuer && l.tokenIssuer);

async function call(baseUrl: string, token: string, language = 'en') {
  const res = await fetch(`${baseUrl}/api/identity/users`, { headers: { authorization: `Bearer ${token}`, 'accept-language': language } });
  return { status: res.status, abp: res.headers.get('_abperrorformat'), body: (await res.json()) as { error?: { code: string; message: string } } };
}

async function adminToken(baseUrl: string): Promise<string> {
  const { tokens } = await signIn(baseUrl, 'admin', 'Demo-Pass-2026');
  if (!tokens) throw new Error('sign-in failed');
  return tokens.access_token;
}

describe('a token of another issuer (pglite: two nodes, two databases)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startServer('', { logLevel: 'warn' }), startServer('', { logLevel: 'warn' })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('is answered 401 Vigil:IssuerMismatch naming both issuers, and logged once', async () => {
    const issuerA = `${a.url}/oidc`;
    const issuerB = `${b.url}/oidc`;
    const token = await adminToken(a.url);
    expect((await call(a.url, token)).status).toBe(200);

    const refused = await call(b.url, token);
    expect(refused.status).toBe(401);
    expect(refused.abp).toBe('true');
    expect(refused.body.error?.code).toBe('Vigil:IssuerMismatch');
    expect(refused.body.error?.message).toContain(issuerA);
    expect(refused.body.error?.message).toContain(issuerB);
    expect(refused.body.error?.message).toContain('PUBLIC_URL');

    const danish = await call(b.url, token, 'da');
    expect(danish.body.error?.code).toBe('Vigil:IssuerMismatch');
    expect(danish.body.error?.message).toMatch(/^Dette login er udstedt af /);

    const warnings = tokenWarnings(issuerB);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.tokenIssuer).toBe(issuerA);
    expect(warnings[0]!.msg).toContain(`tokens issued by ${issuerA} are refused by a node whose issuer is ${issuerB}`);
  });

  it('leaves other 401s as they were', async () => {
    const garbage = await call(b.url, 'not-a-jwt');
    expect(garbage.status).toBe(401);
    expect(garbage.body.error?.code).toBe('Vigil:Unauthorized');
    // A token naming this node's own issuer but signed by another key is just invalid.
    const token = await adminToken(a.url);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, iss: `${b.url}/oidc` })).toString('base64url'), signature].join('.');
    expect((await call(b.url, forged)).body.error?.code).toBe('Vigil:Unauthorized');
  });
});

describe.skipIf(!DATABASES.some((d) => d.name === 'postgres'))('two nodes with different PUBLIC_URLs on one PostgreSQL database', () => {
  let a: TestServer;
  let b: Server & { url: string };
  beforeAll(async () => {
    a = await startServer(DATABASES.find((d) => d.name === 'postgres')!.url, { logLevel: 'warn' });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    b = Object.assign(await createServer({ ...a.config, port, publicUrl: url, logLevel: 'warn' }), { url });
    await b.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.stop();
  });

  it('records both issuers, and the second node warns at start naming both', async () => {
    const issuerA = `${a.url}/oidc`;
    const issuerB = `${b.url}/oidc`;
    const { rows } = await sql<{ issuer: string }>`select issuer from api_nodes order by issuer`.execute(a.database.db);
    expect(rows.map((r) => r.issuer).sort()).toEqual([issuerA, issuerB].sort());
    expect(startWarnings(issuerA)).toHaveLength(0); // the first node found nobody else
    const warnings = startWarnings(issuerB);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.otherIssuer).toBe(issuerA);
    expect(warnings[0]!.msg).toContain(`every node must use the same PUBLIC_URL (the issuer); tokens issued by ${issuerA} are refused by a node whose issuer is ${issuerB}`);
  });

  it('refuses the other node\'s token as an issuer mismatch, logged once', async () => {
    const issuerA = `${a.url}/oidc`;
    const issuerB = `${b.url}/oidc`;
    const token = await adminToken(a.url);
    expect((await call(a.url, token)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const refused = await call(b.url, token);
      expect(refused.status).toBe(401);
      expect(refused.body.error?.code).toBe('Vigil:IssuerMismatch');
    }
    const warnings = tokenWarnings(issuerB);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.tokenIssuer).toBe(issuerA);
  });
});
