import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/database';
import { logFailure } from '../db/health';
import { translate } from '../localization/texts';
import { foreignIssuer, foreignIssuerWarner } from './api-nodes';
import { checkDpopProof, DpopReplayGuard } from './dpop';
import { tokenRefused, TokenRefusal, type AuthChallenge } from './errors';
import type { Principal } from './request-context';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Public signing keys of the issuer (the same database rows every node reads). */
  jwks: { keys: JWK[] };
}

export interface AuthenticationOptions extends TokenVerifierOptions {
  /** Where every node records the DPoP proofs it accepted (each is good once on all of them). */
  db: Db;
  /** The public origins requests reach this server on (PUBLIC_URL and the others): DPoP `htu`. */
  origins: string[];
}

/** What a request presents: its Authorization and DPoP headers, and what a proof must name. */
export interface Credentials {
  authorization: string | undefined;
  dpop: string | string[] | undefined;
  method: string;
  /** The URLs the request may have been sent to, without query (one per public origin). */
  urls: string[];
}

type Scheme = AuthChallenge['scheme'];

/**
 * Access tokens as the API takes them: `Authorization: Bearer <jwt>` for a token bound to no
 * key, `Authorization: DPoP <jwt>` with a `DPoP` proof (RFC 9449) for one bound to a key
 * (`cnf.jkt`); a bound token sent as Bearer is refused, as its proof is what makes it safe to
 * send. Used by the API and by userinfo (server/oidc/userinfo.ts).
 */
export class AccessTokens {
  private readonly keys;
  private readonly verified = new VerifiedTokens(10_000);

  constructor(
    private readonly opts: TokenVerifierOptions,
    private readonly replay: DpopReplayGuard,
    private readonly onForeignIssuer: (issuer: string) => void = () => undefined,
  ) {
    this.keys = createLocalJWKSet(opts.jwks);
  }

  /** The caller, or null when no token was sent; throws TokenRefusal for a token or proof not good. */
  async authenticate(credentials: Credentials): Promise<Principal | null> {
    if (!credentials.authorization) return null;
    const match = /^(Bearer|DPoP)\s+(\S+)$/i.exec(credentials.authorization);
    if (!match) throw new TokenRefusal({ scheme: 'Bearer', error: 'invalid_request', description: 'The Authorization header must be Bearer or DPoP and a token' });
    const scheme: Scheme = match[1]!.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
    const token = match[2]!;
    const principal = await this.verify(token, scheme);
    if (principal.boundKey) {
      if (scheme !== 'DPoP') {
        throw new TokenRefusal(
          { scheme: 'DPoP', error: 'invalid_token', description: 'The access token is DPoP-bound: send it as Authorization: DPoP with a DPoP proof' },
          { text: 'errors.dpopRequired', code: 'Vigil:DpopRequired' },
        );
      }
      await checkDpopProof({ proof: credentials.dpop, method: credentials.method, urls: credentials.urls, accessToken: token, boundKey: principal.boundKey }, this.replay);
    } else if (scheme === 'DPoP') {
      throw new TokenRefusal({ scheme: 'DPoP', error: 'invalid_token', description: 'The access token is not DPoP-bound: send it as Authorization: Bearer' });
    }
    return principal;
  }

  /** The token's signature, issuer, audience and expiry; remembered per token until it expires. */
  private async verify(token: string, scheme: Scheme): Promise<Principal> {
    const known = this.verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.keys, { issuer: this.opts.issuer, audience: this.opts.audience, algorithms: ['RS256'], typ: 'at+jwt' });
      if (typeof payload.sub !== 'string') throw new Error('no subject');
      const cnf = payload.cnf as { jkt?: unknown } | undefined;
      const principal: Principal = {
        userId: payload.sub,
        userName: typeof payload.preferred_username === 'string' ? payload.preferred_username : '',
        tenantId: typeof payload.tenantid === 'string' ? payload.tenantid : null,
        clientId: typeof payload.client_id === 'string' ? payload.client_id : null,
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [],
        grantId: typeof payload.gid === 'string' ? payload.gid : null,
        tokenId: typeof payload.jti === 'string' ? payload.jti : null,
        expiresAt: (payload.exp ?? 0) * 1000,
        boundKey: typeof cnf?.jkt === 'string' ? cnf.jkt : null,
      };
      this.verified.set(token, principal, principal.expiresAt!);
      return principal;
    } catch (cause) {
      const tokenIssuer = foreignIssuer(token, this.opts.issuer);
      if (tokenIssuer) {
        this.onForeignIssuer(tokenIssuer);
        throw new TokenRefusal(
          { scheme, error: 'invalid_token', description: 'The access token was issued by another issuer' },
          { text: 'errors.issuerMismatch', code: 'Vigil:IssuerMismatch', values: { tokenIssuer, issuer: this.opts.issuer }, cause },
        );
      }
      throw new TokenRefusal({ scheme, error: 'invalid_token', description: 'The access token is not valid or has expired' }, { cause });
    }
  }
}

/** Each public origin with this request's path: the URLs a DPoP proof may name. */
export function requestUrls(origins: string[], url: string): string[] {
  const path = url.split('?', 1)[0]!;
  return origins.map((origin) => `${origin}${path}`);
}

/**
 * Reads the access token on every /api/ request. A valid token becomes request.principal; a
 * forged, expired or foreign token, or a bound one without its proof, is answered 401 at once,
 * even on routes anyone may call, so a client never mistakes a broken session for an anonymous
 * one. A token of another issuer (a node with another PUBLIC_URL) is answered
 * Vigil:IssuerMismatch and logged once per issuer. Logs say why, never the token or the proof.
 */
export function installAuthentication(app: FastifyInstance, opts: AuthenticationOptions): void {
  const replay = new DpopReplayGuard(opts.db);
  const tokens = new AccessTokens(opts, replay, foreignIssuerWarner(app.log, opts.issuer));

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/')) return;
    try {
      request.principal = await tokens.authenticate({
        authorization: request.headers.authorization,
        dpop: request.headers.dpop,
        method: request.method,
        urls: requestUrls(opts.origins, request.url),
      });
    } catch (err) {
      if (!(err instanceof TokenRefusal)) throw err;
      request.log.info({ reason: err.message, detail: err.cause instanceof Error ? err.cause.message : undefined }, 'refused access token');
      throw tokenRefused(err, translate(err.text, request.language, err.values));
    }
  });

  // Proofs older than their window are refused by `iat` anyway; their rows go every minute.
  const sweep = setInterval(() => void replay.sweep().catch((err: unknown) => logFailure(app.log, err, 'DPoP proof sweep failed')), 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
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
