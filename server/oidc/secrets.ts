import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database';

/**
 * Secrets the issuer needs (token signing keys, cookie keys) live in the database, made on first
 * start. Every API node reading the same database signs and verifies with the same keys, and
 * tokens stay valid across restarts.
 */
async function loadOrCreate<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  // Two nodes starting at once: the first insert wins and both read it back.
  await db.insertInto('server_secrets').values({ name, value: JSON.stringify(value) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const stored = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value as T;
}

export interface IssuerSecrets {
  /** Private signing keys (JWKS) for ID and access tokens. */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

export async function loadIssuerSecrets(db: Db): Promise<IssuerSecrets> {
  const jwks = await loadOrCreate(db, 'oidc.jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }] };
  });
  const cookieKeys = await loadOrCreate(db, 'oidc.cookie-keys', async () => [randomBytes(32).toString('base64url')]);
  return { jwks, cookieKeys };
}

/** The public half of the signing keys, for verifying access tokens without a network call. */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined)) as JWK,
    ),
  };
}
