import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/database';
import { DPOP_ALGS, TokenRefusal } from './errors';

/**
 * DPoP proofs (RFC 9449 section 4.3) for access tokens bound to a key (`cnf.jkt`). A proof is
 * good for one request: its method (`htm`), its URL (`htu`), its token (`ath`), made within
 * PROOF_WINDOW_SECONDS of now, and never seen before by any API node (DpopReplayGuard).
 */

/**
 * How far `iat` may be from this server's clock, either way: a proof is made just before its
 * request, so a minute covers slow networks and retries, plus a few seconds for clocks that differ.
 */
export const PROOF_WINDOW_SECONDS = 60;
export const CLOCK_SKEW_SECONDS = 5;
/** A proof's jti is remembered this much longer than it could be accepted: nodes' clocks differ. */
const REMEMBER_MARGIN_SECONDS = 60;

export interface ProofRequest {
  /** The DPoP header(s) as Node gives them (one value; repeated headers arrive joined or as a list). */
  proof: string | string[] | undefined;
  method: string;
  /** The URLs this request may have been sent to (each public origin + its path), without query. */
  urls: string[];
  accessToken: string;
  /** The token's `cnf.jkt`. */
  boundKey: string;
}

const refuse = (description: string, text: string, error: 'invalid_dpop_proof' | 'invalid_token' = 'invalid_dpop_proof') =>
  new TokenRefusal({ scheme: 'DPoP', error, description }, { text, code: 'Vigil:InvalidDpopProof' });

/** Checks one request's DPoP proof; throws TokenRefusal with why it is not good. */
export async function checkDpopProof(request: ProofRequest, replay: DpopReplayGuard, now = Date.now()): Promise<void> {
  const proof = singleProof(request.proof);
  let payload;
  let jwk: JWK;
  try {
    // EmbeddedJWK verifies with the proof's own `jwk` header and refuses a private or symmetric key.
    const verified = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: [...DPOP_ALGS], currentDate: new Date(now) });
    payload = verified.payload;
    jwk = verified.protectedHeader.jwk!;
  } catch {
    throw refuse('The DPoP proof is not a dpop+jwt signed with the public key in its jwk header', 'errors.dpopProofInvalid');
  }
  const { jti, htm, htu, iat, ath } = payload as { jti?: unknown; htm?: unknown; htu?: unknown; iat?: unknown; ath?: unknown };
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 256 || typeof htm !== 'string' || typeof htu !== 'string' || typeof iat !== 'number' || typeof ath !== 'string') {
    throw refuse('The DPoP proof lacks jti, htm, htu, iat or ath', 'errors.dpopProofInvalid');
  }
  if (htm !== request.method) throw refuse('The DPoP proof was made for another HTTP method (htm)', 'errors.dpopProofWrongRequest');
  if (!request.urls.map(withoutQuery).includes(withoutQuery(htu))) throw refuse('The DPoP proof was made for another URL (htu)', 'errors.dpopProofWrongRequest');
  if (Math.abs(now / 1000 - iat) > PROOF_WINDOW_SECONDS + CLOCK_SKEW_SECONDS) throw refuse('The DPoP proof is too old or dated in the future (iat)', 'errors.dpopProofExpired');
  if (ath !== createHash('sha256').update(request.accessToken).digest('base64url')) throw refuse('The DPoP proof was made for another access token (ath)', 'errors.dpopProofInvalid');
  const thumbprint = await calculateJwkThumbprint(jwk, 'sha256');
  // RFC 9449 section 7.1: the token is not bound to this key, so it is the token that fails here.
  if (thumbprint !== request.boundKey) throw refuse('The access token is bound to another key than the DPoP proof (cnf.jkt)', 'errors.dpopKeyMismatch', 'invalid_token');
  const until = new Date((iat + PROOF_WINDOW_SECONDS + CLOCK_SKEW_SECONDS + REMEMBER_MARGIN_SECONDS) * 1000);
  if (!(await replay.firstUse(thumbprint, jti, until, new Date(now)))) throw refuse('The DPoP proof was already used (jti)', 'errors.dpopProofReplayed');
}

/** Exactly one proof: RFC 9449 refuses a request with several DPoP headers (Node joins them with ', '). */
function singleProof(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? (header.length === 1 ? header[0] : undefined) : header;
  if (!value) throw refuse('The request has no DPoP header with a proof', 'errors.dpopProofMissing');
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(value)) throw refuse('The DPoP header must hold exactly one proof JWT', 'errors.dpopProofInvalid');
  return value;
}

/** The URL without query and fragment, normalised as URL parsing does (case of scheme and host, default port, dot segments). */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

/**
 * The jti of every proof accepted, by every API node, in one table (migration 021): a proof is
 * accepted once when its row is inserted. Rows outlive the proof's window and are swept after it.
 */
export class DpopReplayGuard {
  constructor(private readonly db: Db) {}

  /** True when this key's jti is new: inserted, or taking the place of a row already expired. */
  async firstUse(thumbprint: string, jti: string, until: Date, now = new Date()): Promise<boolean> {
    // Hashed: a fixed-size key whatever the client put in jti.
    const id = createHash('sha256').update(`${thumbprint} ${jti}`).digest('base64url');
    const rows = await this.db
      .insertInto('dpop_proofs')
      .values({ id, expires_at: until })
      .onConflict((oc) => oc.column('id').doUpdateSet({ expires_at: until }).where('dpop_proofs.expires_at', '<', now))
      .returning('id')
      .execute();
    return rows.length === 1;
  }

  /** Forgets proofs that can no longer be accepted anyway (any node may run it). */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('dpop_proofs').where('expires_at', '<', new Date()).execute();
  }
}
