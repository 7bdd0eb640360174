import { dpopProof, getValidUser } from './userManager';

/**
 * The one place that turns the session into the headers of an API request (SPEC section 7, issue
 * 15): `Authorization: DPoP <token>` plus a `DPoP` proof made for this request's method and URL
 * when the token is DPoP-bound (RFC 9449), `Authorization: Bearer <token>` for an unbound token,
 * nothing when signed out. A DPoP nonce the API hands out is kept per origin and put in later
 * proofs; a 401 asking for one (`error="use_dpop_nonce"`) is worth one retry.
 */
export interface Authorizer {
  /** The headers for one request; `url` is absolute (query and fragment are left out of the proof). */
  headers(method: string, url: string): Promise<Record<string, string>>;
  /** Keeps a `DPoP-Nonce` the answer carries; true when the answer is a 401 asking to retry with it. */
  noteNonce(url: string, status: number, headers: Pick<Headers, 'get'>): boolean;
}

/** What is read of oidc-client-ts's User (structural, so tests need no User instance). */
export interface TokenHolder {
  access_token: string;
  token_type: string;
}

export interface AuthorizerDeps<U extends TokenHolder> {
  /** The user whose token may be sent now (renewed first when expired), or null. */
  user: () => Promise<U | null>;
  /** A proof of the user's key; undefined when there is no key. */
  proof: (user: U, method: string, htu: string, nonce?: string) => Promise<string | undefined>;
}

/** RFC 9449 htu: the request URL without query and fragment. */
export function proofUrl(url: string): string {
  const parsed = new URL(url, globalThis.location?.href);
  return `${parsed.origin}${parsed.pathname}`;
}

const originOf = (url: string): string => new URL(url, globalThis.location?.href).origin;

export function createAuthorizer<U extends TokenHolder>(deps: AuthorizerDeps<U>): Authorizer {
  const nonces = new Map<string, string>();
  return {
    async headers(method, url) {
      const user = await deps.user();
      if (!user) return {};
      if (user.token_type.toLowerCase() !== 'dpop') return { Authorization: `Bearer ${user.access_token}` };
      const proof = await deps.proof(user, method.toUpperCase(), proofUrl(url), nonces.get(originOf(url)));
      // Without a key the API refuses the token (401), which ends the local session as any 401 does.
      return { Authorization: `DPoP ${user.access_token}`, ...(proof ? { DPoP: proof } : {}) };
    },
    noteNonce(url, status, headers) {
      const nonce = headers.get('DPoP-Nonce');
      if (!nonce) return false;
      nonces.set(originOf(url), nonce);
      return status === 401 && /\berror="use_dpop_nonce"/.test(headers.get('WWW-Authenticate') ?? '');
    },
  };
}

/** The signed-in user's authorizer: every API call of the web app goes through it. */
export const signedInAuthorizer: Authorizer = createAuthorizer({ user: getValidUser, proof: dpopProof });

export function authorizationHeaders(method: string, url: string): Promise<Record<string, string>> {
  return signedInAuthorizer.headers(method, url);
}
