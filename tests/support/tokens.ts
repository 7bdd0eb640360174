import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { Db } from '../../server/db/database';

/** Signs an access token with the server's own key (to test expiry and audience checks). */
export async function signWithServerKey(db: Db, claims: Record<string, unknown>, opts: { issuer: string; audience: string; expiresAt: number }) {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'oidc.jwks').executeTakeFirstOrThrow();
  const jwk = (row.value as { keys: JWK[] }).keys[0]!;
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setIssuedAt()
    .setExpirationTime(opts.expiresAt)
    .sign(key);
}

/** Signs an access token with a key the server has never seen. */
export async function signWithForeignKey(claims: Record<string, unknown>, opts: { issuer: string; audience: string }) {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'foreign', typ: 'at+jwt' })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}
