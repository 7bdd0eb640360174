import { createHash, randomBytes } from 'node:crypto';
import { CookieJar, type Tokens } from './sign-in';

/**
 * A sign-in interaction at the real issuer, driven step by step as a browser does (authorization
 * code with PKCE, cookie jar, manual redirects): open the sign-in page, post its forms, follow a
 * finished sign-in back to the app and exchange the code.
 */
export interface Interaction {
  jar: CookieJar;
  /** The interaction's URL (…/oidc/interaction/<uid>). */
  url: string;
  /** POSTs form fields to a path under the interaction (…/login, …/authenticator). */
  post(path: string, fields?: Record<string, string>): Promise<Response>;
  /** POSTs with no body, asking for JSON (…/passkey/options). */
  postJson(path: string): Promise<Response>;
  /** Follows a finished sign-in (a 303 from the last form) back to the app and exchanges the code. */
  tokens(finished: Response): Promise<Tokens>;
}

const base64url = (b: Buffer) => b.toString('base64url');

export async function openInteraction(baseUrl: string, opts: { language?: string; address?: string } = {}): Promise<Interaction> {
  const jar = new CookieJar();
  const headers = { 'accept-language': opts.language ?? 'en', ...(opts.address ? { 'x-forwarded-for': opts.address } : {}) };
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...headers, ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const verifier = base64url(randomBytes(32));
  const redirectUri = `${baseUrl}/`;
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'vigil-web',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access Stella',
    state: base64url(randomBytes(8)),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  const start = await go(auth.toString());
  const url = new URL(start.headers.get('location')!, baseUrl).toString();
  const page = await go(url);
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`);
  await page.text();

  return {
    jar,
    url,
    post: (path, fields = {}) =>
      go(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }),
    postJson: (path) => go(`${url}${path}`, { method: 'POST', headers: { accept: 'application/json' } }),
    async tokens(finished) {
      let res = finished;
      if (res.status !== 303 && res.status !== 302) throw new Error(`sign-in answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      let location = new URL(res.headers.get('location')!, baseUrl);
      for (let hops = 0; !location.searchParams.has('code') && !location.searchParams.has('error'); hops++) {
        res = await go(location.toString());
        const next = res.headers.get('location');
        if (!next || hops > 5) throw new Error(`sign-in stopped at ${location} with ${res.status}`);
        location = new URL(next, baseUrl);
      }
      const code = location.searchParams.get('code');
      if (!code) throw new Error(`authorization failed: ${location.searchParams.get('error')}`);
      const tokenRes = await fetch(`${baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'vigil-web', code_verifier: verifier }).toString(),
      });
      if (tokenRes.status !== 200) throw new Error(`token exchange failed: ${tokenRes.status}`);
      return (await tokenRes.json()) as Tokens;
    },
  };
}
