import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { normalize } from '../../server/identity/user-records';
import { caller, type Json } from './api-calls';
import { startServer, type TestServer } from './server';
import { tokensFor } from './sign-in';

/** A password the identity tests create users with (meets the password policy). */
export const NEW_PASSWORD = 'Fresh-Pass-2026!';

/**
 * The real server with the demo accounts signed in (host 'admin', Sunrise Care's 'staff' and
 * 'caregiver'), sign-in limits raised for tests that sign in often, and an API caller.
 */
export async function identityServer(databaseUrl: string) {
  const server: TestServer = await startServer(databaseUrl, { signInLimit: { perIp: 10_000, perLogin: 10_000, windowSeconds: 300 } });
  const sign = async (login: string, password = DEMO_PASSWORD) => (await tokensFor(server.url, login, password)).access_token;
  const [admin, staff, caregiver] = await Promise.all(['admin', 'staff', 'caregiver'].map((u) => sign(u)));
  const tenant = await server.database.db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow();
  const call = caller(() => server);
  return { server, db: server.database.db, admin: admin!, staff: staff!, caregiver: caregiver!, sunriseId: tenant.id, call, sign };
}

export type IdentityServer = Awaited<ReturnType<typeof identityServer>>;

/** The members of a 400's validation errors. */
export const members = (body: Json) => (body.error?.validationErrors ?? []).flatMap((e) => e.members);

/**
 * Watches the security log for refused escalations: call the returned function to get the
 * 'PrivilegeEscalationRefused' rows written since the watch began.
 */
export async function watchRefusals(env: IdentityServer) {
  const rows = () => env.db.selectFrom('security_logs').selectAll().where('action', '=', 'PrivilegeEscalationRefused').orderBy('creation_time').execute();
  const before = new Set((await rows()).map((r) => r.id));
  return async () => (await rows()).filter((r) => !before.has(r.id));
}
