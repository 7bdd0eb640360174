import { createHash, randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import { exportJWK, SignJWT } from 'jose';
import { CookieJar } from './sign-in';

/**
 * An independent OpenID Connect client (openid-client) signing in through the real issuer, with
 * or without DPoP, and hand-made DPoP proofs (jose) for the checks a client library would never
 * get wrong on purpose.
 */

export type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

export interface ClientSignIn {
  config: client.Configuration;
  tokens: Tokens;
  /** The DPoP key pair and openid-client's handle for it (absent when signed in without DPoP). */
  keyPair?: CryptoKeyPair;
  dpop?: client.DPoPHandle;
}

/** The issuer's discovery document as openid-client reads it (plain http on the test server). */
export function discover(baseUrl: string, clientId = 'vigil-web'): Promise<client.Configuration> {
  return client.discovery(new URL(`${baseUrl}/oidc`), clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });
}

/**
 * Authorization code with PKCE, the sign-in pages driven like a browser (cookies, manual
 * redirects), then openid-client's token request, with a fresh DPoP key unless `dpop` is false.
 */
export async function clientSignIn(baseUrl: string, login: string, password: string, opts: { clientId?: string; scope?: string; dpop?: boolean } = {}): Promise<ClientSignIn> {
  const config = await discover(baseUrl, opts.clientId);
  const keyPair = opts.dpop === false ? undefined : await client.randomDPoPKeyPair();
  const dpop = keyPair ? client.getDPoPHandle(config, keyPair) : undefined;
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `${baseUrl}/`,
    scope: opts.scope ?? 'openid profile email offline_access Stella',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const callback = await browserSignIn(baseUrl, url, login, password);
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }, undefined, dpop ? { DPoP: dpop } : {});
  return { config, tokens, ...(keyPair && dpop ? { keyPair, dpop } : {}) };
}

/** From the authorization URL through the sign-in form to the app's URL carrying the code. */
async function browserSignIn(baseUrl: string, authorization: URL, login: string, password: string): Promise<URL> {
  const jar = new CookieJar();
  const follow = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  let res = await follow(authorization.toString());
  const interaction = new URL(res.headers.get('location')!, baseUrl);
  await follow(interaction.toString());
  res = await follow(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  let location = new URL(res.headers.get('location') ?? '', baseUrl);
  for (let hops = 0; !location.searchParams.has('code'); hops++) {
    if (hops > 5 || location.searchParams.has('error')) throw new Error(`sign-in stopped at ${location}`);
    res = await follow(location.toString());
    location = new URL(res.headers.get('location') ?? '', baseUrl);
  }
  return location;
}

export interface ProofClaims {
  htm: string;
  htu: string;
  /** The access token the proof is for (its hash is `ath`). */
  accessToken: string;
  /** Seconds since the epoch; now by default. */
  iat?: number;
  jti?: string;
}

/** A DPoP proof signed with `keyPair` (ES256), its public key in the header. */
export async function makeProof(keyPair: CryptoKeyPair, claims: ProofClaims): Promise<string> {
  return new SignJWT({ htm: claims.htm, htu: claims.htu, jti: claims.jti ?? randomUUID(), ath: createHash('sha256').update(claims.accessToken).digest('base64url') })
    .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: await exportJWK(keyPair.publicKey) })
    .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
    .sign(keyPair.privateKey);
}

/** The WWW-Authenticate challenge of one scheme, its parameters by name. */
export function challenge(header: string | null, scheme: 'Bearer' | 'DPoP'): Record<string, string> | undefined {
  const found = (header ?? '').match(new RegExp(`(?:^|,\\s*)${scheme}(?=\\s|,|$)((?:\\s*,?\\s*\\w+="[^"]*")*)`, 'i'));
  if (!found) return undefined;
  return Object.fromEntries([...found[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}
