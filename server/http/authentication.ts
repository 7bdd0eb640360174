import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { translate } from '../localization/texts';
import { foreignIssuer, foreignIssuerWarner } from '../oidc/nodes';
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
 * so a client never mistakes a broken session for an anonymous one. A token of another issuer (a
 * node with another PUBLIC_URL) is answered Vigil:IssuerMismatch and logged once per issuer.
 */
export function installAuthentication(app: FastifyInstance, opts: TokenVerifierOptions): void {
  const keys = createLocalJWKSet(opts.jwks);
  const verified = new VerifiedTokens(10_000);
  const warnForeignIssuer = foreignIssuerWarner(app.log, opts.issuer);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized(translate('errors.invalidToken', request.language));
    const known = verified.get(match[1]!);
    if (known) {
      request.principal = known;
      return;
    }
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
      verified.set(match[1]!, principal, (payload.exp ?? 0) * 1000);
    } catch (err) {
      request.log.info({ reason: (err as Error).message }, 'rejected access token');
      const tokenIssuer = foreignIssuer(match[1]!, opts.issuer);
      if (tokenIssuer) {
        warnForeignIssuer(tokenIssuer);
        throw unauthorized(translate('errors.issuerMismatch', request.language, { tokenIssuer, issuer: opts.issuer }), 'Vigil:IssuerMismatch');
      }
      throw unauthorized(translate('errors.invalidToken', request.language));
    }
  });
}

/**
 * Tokens already verified by this process, until they expire. A JWT cannot be revoked before its
 * expiry anyway, so this only saves the signature check (which queues on Node's thread pool and
 * waits when the CPU is busy). Bounded: the oldest entries go first.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  constructor(private readonly max: number) {}

  get(token: string): Principal | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  set(token: string, principal: Principal, expiresAt: number): void {
    if (expiresAt <= Date.now()) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { principal, expiresAt });
  }
}
