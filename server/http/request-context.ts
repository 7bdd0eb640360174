import type { FastifyInstance } from 'fastify';
import { languageFromAcceptLanguage } from '../../common/languages';

/** Who is calling: filled from a verified access token, or null when anonymous. */
export interface Principal {
  userId: string;
  userName: string;
  tenantId: string | null;
  clientId: string | null;
  scopes: string[];
  /** The grant the access token was issued under (claim `gid`): revoking it ends the token. */
  grantId?: string | null;
  /** The token's own id (`jti`), for revoking one access token. */
  tokenId?: string | null;
  /** When the token expires (ms since the epoch): live streams close then. */
  expiresAt?: number;
  /** The DPoP key thumbprint the token is bound to (`cnf.jkt`), when it is sender-bound. */
  boundKey?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Culture name picked from Accept-Language ('en', 'da-DK', ...). */
    language: string;
    principal: Principal | null;
    /** The tenant the request acts in; null is the host. */
    tenantId: string | null;
    /** performance.now() when the request arrived (audit durations). */
    receivedAt: number;
    /** Whether the signed-in tenant user's tenant is active, once read (undefined until then). */
    tenantAvailable?: boolean;
  }
}

export function installRequestContext(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.decorateRequest('principal', null);
  app.decorateRequest('tenantId', null);
  app.decorateRequest('receivedAt', 0);
  app.decorateRequest('tenantAvailable', undefined);
  app.addHook('onRequest', async (request) => {
    request.receivedAt = performance.now();
    request.language = languageFromAcceptLanguage(request.headers['accept-language']).cultureName;
  });
}
