import { createHash, randomBytes } from 'node:crypto';

/**
 * Signs in through the real issuer the way a browser does (authorization code with PKCE), with a
 * cookie jar and manual redirects: authorize, the sign-in form, back to the app with a code, and
 * the token exchange.
 */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

const base64url = (b: Buffer) => b.toString('base64url');

export interface SignInOptions {
  clientId?: string;
  scope?: string;
  /** Accept-Language of the "browser". */
  language?: string;
  /** For a user with two-factor sign-in: gives the code (read from the mailbox) when the code page shows. */
  twoFactorCode?: () => Promise<string>;
  /** User-Agent of the "browser" (sign-in pages and token exchange); Node's own when left out. */
  userAgent?: string;
}

export interface SignInAttempt {
  /** The sign-in page's HTML after posting the form (when sign-in failed). */
  page?: string;
  status: number;
  tokens?: Tokens;
  /** The browser's cookies after signing in (the issuer's session). */
  jar?: CookieJar;
}

async function follow(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.store(res);
  return res;
}

export async function signIn(baseUrl: string, login: string, password: string, opts: SignInOptions = {}): Promise<SignInAttempt> {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `${baseUrl}/`;
  const clientId = opts.clientId ?? 'vigil-web';
  const lang = { 'accept-language': opts.language ?? 'en', ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}) };
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: opts.scope ?? 'openid profile email offline_access Stella',
    state: base64url(randomBytes(8)),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  let res = await follow(auth.toString(), jar, { headers: lang });
  const interaction = new URL(res.headers.get('location')!, baseUrl);
  res = await follow(interaction.toString(), jar, { headers: lang });
  if (res.status !== 200) throw new Error(`sign-in page answered ${res.status}`);
  res = await follow(`${interaction}/login`, jar, {
    method: 'POST',
    headers: { ...lang, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  if (res.status === 200 && opts.twoFactorCode) {
    const page = await res.text();
    if (!page.includes('name="code"')) return { status: res.status, page };
    res = await follow(`${interaction}/two-factor`, jar, {
      method: 'POST',
      headers: { ...lang, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: await opts.twoFactorCode() }).toString(),
    });
  }
  if (res.status !== 303 && res.status !== 302) return { status: res.status, page: await res.text() };

  // Back through the issuer's resume endpoint to the app with a code.
  let location = new URL(res.headers.get('location')!, baseUrl);
  for (let hops = 0; !location.searchParams.has('code') && !location.searchParams.has('error'); hops++) {
    res = await follow(location.toString(), jar, { headers: lang });
    const next = res.headers.get('location');
    if (!next || hops > 5) throw new Error(`sign-in stopped at ${location} with ${res.status}: ${(await res.text()).slice(0, 500)}`);
    location = new URL(next, baseUrl);
  }
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`authorization failed: ${location.searchParams.get('error_description') ?? location.searchParams.get('error')}`);
  const tokenRes = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}) },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier }).toString(),
  });
  if (tokenRes.status !== 200) throw new Error(`token exchange failed: ${tokenRes.status} ${await tokenRes.text()}`);
  return { status: 200, tokens: (await tokenRes.json()) as Tokens, jar };
}

/** Signs in and returns the tokens, failing the test when sign-in does not succeed. */
export async function tokensFor(baseUrl: string, login: string, password: string, opts?: SignInOptions): Promise<Tokens> {
  const attempt = await signIn(baseUrl, login, password, opts);
  if (!attempt.tokens) throw new Error(`sign-in as ${login} failed with ${attempt.status}`);
  return attempt.tokens;
}

/** Renews tokens with a refresh token at the issuer: 200 with new tokens, or 400 invalid_grant for an ended sign-in. */
export async function refreshTokens(baseUrl: string, refreshToken: string, clientId = 'vigil-web'): Promise<{ status: number; body: Partial<Tokens> & { error?: string } }> {
  const res = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Partial<Tokens> & { error?: string } };
}
