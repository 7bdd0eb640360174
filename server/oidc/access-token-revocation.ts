import type Provider from 'oidc-provider';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/health';
import type { TokenLiveness } from './token-liveness';

/**
 * The revocation endpoint for access tokens. oidc-provider keeps no row of a JWT access token and
 * refuses to revoke one; after it has authenticated the client, a JWT this issuer signed for that
 * client is recorded as revoked until its expiry, and every API node refuses it at once.
 * RFC 7009: the answer is 200 whatever the token was, so nothing can be learnt from it.
 */
export function revokeAccessTokens(provider: Provider, opts: { issuer: string; audience: string; jwks: { keys: JWK[] }; liveness: TokenLiveness }): void {
  const keys = createLocalJWKSet(opts.jwks);
  provider.use(async (ctx, next) => {
    await next();
    // oidc-provider refuses a JWT with 400 unsupported_token_type; a client authenticated and
    // the token checked below, the answer becomes RFC 7009's 200 whatever the token was.
    if (ctx.oidc?.route !== 'revocation' || !ctx.oidc.client || (ctx.body as { error?: string } | undefined)?.error !== 'unsupported_token_type') return;
    ctx.status = 200;
    ctx.body = '';
    const token = ctx.oidc.params?.token;
    const client = ctx.oidc.client?.clientId;
    if (typeof token !== 'string' || token.split('.').length !== 3 || !client) return;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: opts.issuer, audience: opts.audience, algorithms: ['RS256'], typ: 'at+jwt' }));
    } catch {
      return; // not one of our access tokens, or already expired: nothing to revoke
    }
    // A client may revoke only tokens it was issued (as for refresh tokens).
    if (payload.client_id !== client || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return;
    try {
      await opts.liveness.revokeToken(payload.jti, new Date(payload.exp * 1000));
    } catch (err) {
      // The client must learn the token is not yet revoked: 503, and it tries again.
      if (!isConnectionError(err)) throw err;
      ctx.status = 503;
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      ctx.body = { error: 'temporarily_unavailable', error_description: 'The database is briefly unavailable; try again shortly.' };
    }
  });
}
