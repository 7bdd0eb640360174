import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { translate } from '../localization/texts';
import { unauthorized } from './errors';
import type { Principal } from './request-context';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Public signing keys of the issuer (the same database rows every node reads). */
  jwks: { keys: JWK[] };
}

/**
 * Reads `Authorization: Bearer <jwt>` on every request. A valid token becomes request.principal;
 * a forged, expired or foreign token is answered 401 at once, even on routes anyone may call,
 * so a client never mistakes a broken session for an anonymous one.
 */
export function installAuthentication(app: FastifyInstance, opts: TokenVerifierOptions): void {
  const keys = createLocalJWKSet(opts.jwks);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized(translate('errors.invalidToken', request.language));
    try {
      const { payload } = await jwtVerify(match[1]!, keys, {
        issuer: opts.issuer,
        audience: opts.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
      });
      if (typeof payload.sub !== 'string') throw new Error('no subject');
      const principal: Principal = {
        userId: payload.sub,
        userName: typeof payload.preferred_username === 'string' ? payload.preferred_username : '',
        tenantId: typeof payload.tenantid === 'string' ? payload.tenantid : null,
        clientId: typeof payload.client_id === 'string' ? payload.client_id : null,
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [],
      };
      request.principal = principal;
    } catch (err) {
      request.log.info({ reason: (err as Error).message }, 'rejected access token');
      throw unauthorized(translate('errors.invalidToken', request.language));
    }
  });
}
