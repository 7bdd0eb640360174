import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/health';
import { AccessTokens, type TokenVerifierOptions } from '../http/authentication';
import { DpopReplayGuard } from '../http/dpop';
import { TokenRefusal, wwwAuthenticate } from '../http/errors';
import { findAccount } from './accounts';
import { signInAlive } from './token-liveness';

/** The userinfo endpoint's path under the issuer (oidc-provider's `routes.userinfo`). */
export const USERINFO_PATH = '/me';

export interface UserinfoOptions extends TokenVerifierOptions {
  db: Db;
  /** The userinfo endpoint's public URL: the `htu` of a DPoP proof sent to it. */
  url: string;
  /** The claims each scope releases (the issuer's `claims`). */
  claims: Record<string, string[]>;
  /** Origins whose pages may read the answer (CORS), as for the issuer's other endpoints. */
  origins: string[];
}

type Next = () => Promise<unknown>;

/**
 * Userinfo for the access tokens the API takes, so a client needs one token for both.
 * oidc-provider answers userinfo only for tokens issued for it and refuses a JWT for the API's
 * audience; this answers GET and POST with such a JWT in Authorization (Bearer, or DPoP with its
 * proof) with the account's claims for the token's scopes. Anything else (an opaque token of an
 * identity-only sign-in, a token in the body) goes on to oidc-provider. A koa middleware, put
 * before oidc-provider's routes with `provider.use`.
 */
export function userinfoForApiTokens(opts: UserinfoOptions) {
  const tokens = new AccessTokens(opts, new DpopReplayGuard(opts.db));
  return async (ctx: KoaContextWithOIDC, next: Next): Promise<unknown> => {
    const authorization = ctx.get('authorization');
    if (ctx.path !== USERINFO_PATH || (ctx.method !== 'GET' && ctx.method !== 'POST') || !/^(bearer|dpop)\s+[\w-]+\.[\w-]+\.[\w-]+$/i.test(authorization)) return next();
    allowOrigin(ctx, opts.origins);
    ctx.set('cache-control', 'no-store');
    try {
      const principal = await tokens.authenticate({ authorization, dpop: ctx.req.headers.dpop, method: ctx.method, urls: [opts.url] });
      if (!principal || !(await signInAlive(opts.db, principal))) throw ended(authorization);
      const account = await findAccount(opts.db, principal.userId);
      if (!account) throw ended(authorization);
      ctx.body = released(await account.claims('userinfo', principal.scopes.join(' '), {}, []), principal.scopes, opts.claims);
    } catch (err) {
      if (err instanceof TokenRefusal) {
        ctx.status = 401;
        ctx.set('www-authenticate', wwwAuthenticate(err.challenge));
        ctx.body = { error: err.challenge.error, error_description: err.challenge.description };
      } else if (isConnectionError(err)) {
        ctx.status = 503;
        ctx.set('retry-after', String(RETRY_AFTER_SECONDS));
        ctx.body = { error: 'temporarily_unavailable', error_description: 'The database is briefly unavailable; try again shortly.' };
      } else {
        throw err;
      }
    }
    return undefined;
  };
}

const ended = (authorization: string) =>
  new TokenRefusal({ scheme: /^dpop/i.test(authorization) ? 'DPoP' : 'Bearer', error: 'invalid_token', description: 'The sign-in of this access token has ended' });

/** `sub` and the claims of the token's scopes, nothing else. */
function released(claims: Record<string, unknown>, scopes: string[], byScope: Record<string, string[]>): Record<string, unknown> {
  const names = new Set(['sub', ...scopes.flatMap((scope) => byScope[scope] ?? [])]);
  return Object.fromEntries(Object.entries(claims).filter(([name, value]) => names.has(name) && value !== undefined));
}

function allowOrigin(ctx: KoaContextWithOIDC, origins: string[]): void {
  const origin = ctx.get('origin');
  ctx.vary('origin');
  if (!origin || !origins.includes(origin)) return;
  ctx.set('access-control-allow-origin', origin);
  ctx.set('access-control-expose-headers', 'WWW-Authenticate');
}
