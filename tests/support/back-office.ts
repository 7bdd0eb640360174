import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { normalize } from '../../server/identity/user-records';
import { createTenantUser } from './fixtures';
import { startServer, type TestServer } from './server';
import { CookieJar, tokensFor } from './sign-in';

/**
 * What the provider's back-office tests (tenants, features, languages, settings, audit logs)
 * share: the server with the demo accounts signed in, and a tenant user who was given the host's
 * policies anyway (the modules must still refuse them).
 */
export interface BackOffice {
  server: TestServer;
  admin: string;
  staff: string;
  caregiver: string;
  demoTenantId: string;
}

export async function startBackOffice(databaseUrl: string): Promise<BackOffice> {
  const server = await startServer(databaseUrl, { signInLimit: { perIp: 1000, perLogin: 1000, windowSeconds: 300 } });
  const [admin, staff, caregiver] = await Promise.all(['admin', 'staff', 'caregiver'].map(async (u) => (await tokensFor(server.url, u, DEMO_PASSWORD)).access_token));
  const tenant = await server.database.db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow();
  return { server, admin: admin!, staff: staff!, caregiver: caregiver!, demoTenantId: tenant.id };
}

/** A user of the demo tenant whose role holds `policies` (host-only ones included). */
export async function tenantUserWith(office: BackOffice, userName: string, policies: readonly string[]): Promise<string> {
  const user = await createTenantUser(office.server.database.db, { tenantId: office.demoTenantId, userName, role: `${userName}-role`, policies });
  return (await tokensFor(office.server.url, user.userName, user.password)).access_token;
}

/** The issuer's sign-in page as a browser with this Accept-Language first sees it. */
export async function signInPage(baseUrl: string, language: string): Promise<string> {
  const jar = new CookieJar();
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'vigil-web',
    redirect_uri: `${baseUrl}/`,
    response_type: 'code',
    scope: 'openid',
    state: 'state-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString();
  const headers = { 'accept-language': language };
  const first = await fetch(auth, { redirect: 'manual', headers });
  jar.store(first);
  const page = await fetch(new URL(first.headers.get('location')!, baseUrl), { redirect: 'manual', headers: { ...headers, cookie: jar.header() } });
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`);
  return page.text();
}
