import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { hashPassword } from '../../server/identity/passwords';
import { normalize } from '../../server/identity/user-records';
import { ANONYMOUS, AUTHENTICATED } from '../../server/permissions/guard';

/**
 * Generated from the server's own route catalogue, not written by hand: every /api route that
 * declares a policy answers 401 to an anonymous caller and 403 to a signed-in user without it.
 */
describe('every route enforces its declared policy', () => {
  let server: TestServer;
  let nobody: string;

  beforeAll(async () => {
    server = await startServer();
    const password = 'No-Roles-Pass-2026';
    await server.database.db
      .insertInto('users')
      .values({
        id: randomUUID(), tenant_id: null, user_name: 'no-roles', normalized_user_name: normalize('no-roles'),
        email: 'no-roles@vigil.local', normalized_email: normalize('no-roles@vigil.local'), password_hash: await hashPassword(password),
        security_stamp: randomUUID(), concurrency_stamp: randomUUID(),
      })
      .execute();
    nobody = (await tokensFor(server.url, 'no-roles', password)).access_token;
  });
  afterAll(async () => server?.stop());

  it('has a catalogue in which every API route declares a policy', () => {
    expect(server.app.routeCatalogue.length).toBeGreaterThan(3);
    for (const route of server.app.routeCatalogue) expect(route.policy, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('refuses protected routes: 401 anonymous, 403 without the policy', async () => {
    const protectedRoutes = server.app.routeCatalogue.filter((r) => r.policy !== ANONYMOUS);
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const path = route.url.replace(/:(\w+)/g, () => randomUUID());
      const init = (token?: string): RequestInit => ({
        method: route.method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { body: '{}' } : {}),
      });
      const anonymous = await fetch(`${server.url}${path}`, init());
      expect(anonymous.status, `${route.method} ${route.url} anonymous`).toBe(401);
      if (route.policy === AUTHENTICATED) continue;
      const signedIn = await fetch(`${server.url}${path}`, init(nobody));
      expect(signedIn.status, `${route.method} ${route.url} without ${route.policy}`).toBe(403);
    }
  });
});
