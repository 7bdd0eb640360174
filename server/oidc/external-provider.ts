import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { MITID } from '../identity/overviews/queries';
import { ISSUER_PATH } from './provider';

export { MITID };
/** How long a round trip to the external provider may take. */
const STATE_TTL_MS = 10 * 60_000;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface ExternalIdentity {
  uid: string;
  subject: string;
  displayName: string | null;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Sign-in through MitID, or any OpenID Connect provider configured in its place (MITID_ISSUER,
 * MITID_CLIENT_ID, MITID_CLIENT_SECRET): authorization code with PKCE and a nonce, the ID token
 * verified against the provider's published keys. State lives in the database, so the round trip
 * may come back to any API node.
 */
export class ExternalProvider {
  readonly redirectUri: string;
  private discovery?: Promise<Discovery>;
  private jwks?: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly settings: Config['mitid'],
    publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl}${ISSUER_PATH}/external/mitid/callback`;
  }

  get enabled(): boolean {
    return Boolean(this.settings.issuer && this.settings.clientId);
  }

  get displayName(): string {
    return this.settings.displayName;
  }

  private metadata(): Promise<Discovery> {
    this.discovery ??= fetch(`${this.settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
      .then(async (res) => {
        if (!res.ok) throw new Error(`${MITID} discovery answered ${res.status}`);
        return (await res.json()) as Discovery;
      })
      .catch((err: unknown) => {
        this.discovery = undefined; // try again on the next sign-in
        throw err;
      });
    return this.discovery;
  }

  /** Where to send the browser for the interaction `uid`. */
  async begin(db: Db, uid: string): Promise<string> {
    const meta = await this.metadata();
    const state = b64url(randomBytes(24));
    const nonce = b64url(randomBytes(24));
    const verifier = b64url(randomBytes(32));
    await db
      .insertInto('external_signin_states')
      .values({ state, provider: MITID, interaction_uid: uid, nonce, code_verifier: verifier, expires_at: new Date(Date.now() + STATE_TTL_MS) })
      .execute();
    const url = new URL(meta.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: this.settings.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: 'openid',
      state,
      nonce,
      code_challenge: b64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /**
   * The provider's answer: exchanges the code, verifies the ID token and keeps the subject on the
   * state row for the interaction to take. Throws when anything does not match.
   */
  async complete(db: Db, state: string, code: string): Promise<ExternalIdentity> {
    const row = await db.selectFrom('external_signin_states').selectAll().where('state', '=', state).where('provider', '=', MITID).executeTakeFirst();
    if (!row || row.expires_at.getTime() < Date.now() || row.subject) throw new Error('unknown, expired or used state');
    const meta = await this.metadata();
    const res = await fetch(meta.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        code_verifier: row.code_verifier,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
    });
    if (!res.ok) throw new Error(`${MITID} token endpoint answered ${res.status}`);
    const { id_token: idToken } = (await res.json()) as { id_token?: string };
    if (!idToken) throw new Error(`${MITID} sent no ID token`);
    this.jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    const { payload } = await jwtVerify(idToken, this.jwks, { issuer: meta.issuer, audience: this.settings.clientId });
    if (payload.nonce !== row.nonce || !payload.sub) throw new Error('ID token nonce or subject does not match');
    const displayName = nameOf(payload);
    await db.updateTable('external_signin_states').set({ subject: payload.sub, display_name: displayName }).where('state', '=', state).execute();
    return { uid: row.interaction_uid, subject: payload.sub, displayName };
  }

  /** The verified identity waiting in interaction `uid`, if any. */
  async verifiedFor(db: Db, uid: string): Promise<ExternalIdentity | undefined> {
    const row = await db
      .selectFrom('external_signin_states')
      .select(['subject', 'display_name'])
      .where('interaction_uid', '=', uid)
      .where('provider', '=', MITID)
      .where('subject', 'is not', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.subject ? { uid, subject: row.subject, displayName: row.display_name } : undefined;
  }

  /** Links a verified identity to the user who just proved who they are with their password. */
  async link(db: Db, identity: ExternalIdentity, user: { id: string; tenantId: string | null }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('external_logins')
        .values({ id: crypto.randomUUID(), tenant_id: user.tenantId, user_id: user.id, provider: MITID, subject: identity.subject, display_name: identity.displayName, last_used_time: new Date() })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx.deleteFrom('external_signin_states').where('interaction_uid', '=', identity.uid).where('provider', '=', MITID).execute();
    });
  }

  async forget(db: Db, uid: string): Promise<void> {
    await db.deleteFrom('external_signin_states').where('interaction_uid', '=', uid).where('provider', '=', MITID).execute();
  }
}

function nameOf(payload: JWTPayload): string | null {
  const name = payload.name ?? [payload.given_name, payload.family_name].filter(Boolean).join(' ');
  return typeof name === 'string' && name ? name.slice(0, 200) : null;
}
