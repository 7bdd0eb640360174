import type { CookieJar } from './sign-in';

/** Signs out at the issuer as the browser does: the end-session page, then its confirm form. */
export async function endSession(baseUrl: string, jar: CookieJar, clientId = 'vigil-web'): Promise<number> {
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const page = await (await go(`${baseUrl}/oidc/session/end?client_id=${clientId}`)).text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
  if (!xsrf) throw new Error('no end-session form');
  const confirmed = await go(`${baseUrl}/oidc/session/end/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  return confirmed.status;
}

/** Exchanges a refresh token at the issuer (the web app's silent renewal). */
export async function refresh(baseUrl: string, refreshToken: string, clientId = 'vigil-web'): Promise<Response> {
  return fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }).toString(),
  });
}
