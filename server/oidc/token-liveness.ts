import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { notificationsOf } from '../db/database';
import { logFailure } from '../db/health';
import { unauthorized, type AbpError } from '../http/errors';
import type { Principal } from '../http/request-context';
import { translate } from '../localization/texts';

/** Where the database notifies a deleted grant or a revoked token (the triggers of migration 022). */
export const REVOKED_CHANNEL = 'vigil_revoked';

/** A safety net: a notification lost while a node's listener reconnects is covered by `resync`, and this bounds the rest. */
const MAX_AGE_MS = 30_000;
/** Grants remembered per node (the oldest go first). */
const MAX_GRANTS = 50_000;

export type Revocation = { grantId: string } | { tokenId: string } | { resync: true };

/**
 * Whether an access token is still good, on every API node, within moments of its revocation.
 * A JWT stays valid until it expires, so each node also asks whether its grant (claim `gid`) is
 * still at the issuer and whether the token itself was revoked. Both answers are kept per node
 * and dropped when any node notifies REVOKED_CHANNEL (a Grant row deleted, a token revoked:
 * migration 022), so a request costs no query once its grant was seen. Emits 'revoked' with a
 * Revocation, which live streams follow to close.
 */
export class TokenLiveness extends EventEmitter<{ revoked: [Revocation] }> {
  private grants = new Map<string, { value: Promise<boolean>; at: number }>();
  private revokedTokens = new Set<string>();
  private stop?: () => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    // One listener per open live stream on this node.
    this.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stop = await notificationsOf(this.db).listen(
      REVOKED_CHANNEL,
      (payload) => this.onNotice(payload),
      () => void this.resync(),
    );
    await this.loadRevokedTokens();
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = undefined;
    this.grants.clear();
  }

  /** True while the token's grant is at the issuer and the token was not revoked on its own. */
  async alive(principal: Principal): Promise<boolean> {
    if (!principal.grantId) return false;
    if (principal.tokenId && this.revokedTokens.has(principal.tokenId)) return false;
    if (!this.stop) return this.grantExists(principal.grantId);
    const now = Date.now();
    const hit = this.grants.get(principal.grantId);
    if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
    const value = this.grantExists(principal.grantId);
    const entry = { value, at: now };
    if (this.grants.size >= MAX_GRANTS) this.grants.delete(this.grants.keys().next().value!);
    this.grants.set(principal.grantId, entry);
    // A failed read is not remembered.
    value.catch(() => this.grants.get(principal.grantId!) === entry && this.grants.delete(principal.grantId!));
    return value;
  }

  /** Revokes one access token until it would have expired anyway (the revocation endpoint). */
  async revokeToken(tokenId: string, expiresAt: Date): Promise<void> {
    await this.db.insertInto('revoked_access_tokens').values({ jti: tokenId, expires_at: expiresAt }).onConflict((oc) => oc.column('jti').doNothing()).execute();
  }

  /** Forgets revoked tokens that have expired (any node may run it). */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('revoked_access_tokens').where('expires_at', '<', new Date()).execute();
  }

  private onNotice(payload: string): void {
    const id = payload.slice(2);
    if (payload.startsWith('g:')) {
      this.grants.set(id, { value: Promise.resolve(false), at: Date.now() });
      this.emit('revoked', { grantId: id });
    } else if (payload.startsWith('t:')) {
      this.revokedTokens.add(id);
      this.emit('revoked', { tokenId: id });
    }
  }

  /** After the listener was away, revocations may have been missed: ask again for everything. */
  private async resync(): Promise<void> {
    this.grants.clear();
    try {
      await this.loadRevokedTokens();
    } catch (err) {
      // Asked again in a second: the pool may still hold connections that died with the listener's.
      logFailure(this.log, err, 'reloading revoked tokens failed');
      if (this.stop) setTimeout(() => void this.resync(), 1000).unref();
    }
    this.emit('revoked', { resync: true });
  }

  private async loadRevokedTokens(): Promise<void> {
    const rows = await this.db.selectFrom('revoked_access_tokens').select('jti').where('expires_at', '>', new Date()).execute();
    this.revokedTokens = new Set(rows.map((r) => r.jti));
  }

  private grantExists(grantId: string): Promise<boolean> {
    return grantExists(this.db, grantId);
  }
}

async function grantExists(db: Db, grantId: string): Promise<boolean> {
  const row = await db.selectFrom('oidc_payloads').select('expires_at').where('model', '=', 'Grant').where('id', '=', grantId).executeTakeFirst();
  return Boolean(row && (!row.expires_at || new Date(row.expires_at).getTime() > Date.now()));
}

/**
 * The same answer without a node's cache, for a caller that has none (the issuer's userinfo):
 * the token's grant is still at the issuer and the token was not revoked on its own.
 */
export async function signInAlive(db: Db, principal: Principal): Promise<boolean> {
  if (!principal.grantId) return false;
  const [grant, revoked] = await Promise.all([
    grantExists(db, principal.grantId),
    principal.tokenId ? db.selectFrom('revoked_access_tokens').select('jti').where('jti', '=', principal.tokenId).executeTakeFirst() : undefined,
  ]);
  return grant && !revoked;
}

/**
 * Why a sign-in ended, when a module can tell the user more than "it ended" (an account transfer
 * ends the sender's): its own 401, or null for the plain one.
 */
export type SessionEndReason = (principal: Principal, lang: string) => Promise<AbpError | null>;

/**
 * Refuses, on every /api/ request, an access token whose sign-in has ended (after the signature
 * check in server/http/authentication.ts). 401 with the ABP error shape, in the caller's language;
 * `reason` may name why (read only for a refused token, so it costs nothing otherwise).
 */
export function installTokenLiveness(app: FastifyInstance, liveness: TokenLiveness, reason?: SessionEndReason): void {
  app.addHook('onRequest', async (request) => {
    const principal = request.principal;
    if (!principal) return;
    if (!(await liveness.alive(principal))) {
      request.principal = null;
      // A failed read gives the plain answer: the session has ended either way.
      const told = reason ? await reason(principal, request.language).catch(() => null) : null;
      throw told ?? unauthorized(translate('errors.sessionEnded', request.language), 'Vigil:SessionEnded');
    }
  });
  app.addHook('onReady', async () => liveness.start());
  app.addHook('onClose', async () => liveness.close());
  const sweep = setInterval(() => void liveness.sweep().catch((err: unknown) => logFailure(app.log, err, 'revoked token sweep failed')), 600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
