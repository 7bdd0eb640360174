import { ACCOUNT_TRANSFERRED_CODE } from '../../common/caregiver-account';
import { requestLanguage } from '../../common/languages';
import { goodbyeUrl } from '../pages/public/home/goodbye';
import { loadRuntimeConfig } from '../config/runtime';
import { createHttpClient, type HttpClient } from './apiFetch';
import { createUploader, type Uploader } from './xhrUpload';
import { readTenantFilter } from './tenantFilter';
import { signInPageUrl } from './signInPage';
import { removeLocalSession } from './userManager';

export type { ApiRequest, ApiResponse, HttpClient, QueryValue } from './apiFetch';

/** Axios's default XSRF names (SPEC section 7), sent on same-origin calls only, as axios does. */
const XSRF_COOKIE = 'XSRF-TOKEN';

export function xsrfToken(url: string): string | undefined {
  if (new URL(url, window.location.href).origin !== window.location.origin) return undefined;
  const match = new RegExp(`(?:^|;\\s*)${XSRF_COOKIE}=([^;]*)`).exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

let leaving = false;

/**
 * The API refused the session's token: this browser's sign-in is over, whatever screen asked.
 * The local session is dropped (its key and cached session data with it) and the browser goes to
 * sign in, coming back to where it was; a screen left waiting on data would otherwise spin. When
 * the account was transferred away, the home page says so instead (SPEC section 4).
 */
export function leaveEndedSession(code?: string): void {
  if (leaving) return;
  leaving = true;
  const target = code === ACCOUNT_TRANSFERRED_CODE ? goodbyeUrl('transferred') : signInPageUrl();
  void removeLocalSession()
    .catch(() => undefined)
    .finally(() => window.location.assign(target));
}

/** The browser's API client: the signed-in user's token, the stored language, the tenant filter. */
export const httpClient: HttpClient = createHttpClient({
  apiBase: async () => (await loadRuntimeConfig()).apiBase,
  language: () => requestLanguage(localStorage.getItem('i18nextLng'), navigator.language),
  tenantFilter: readTenantFilter,
  xsrfToken,
  fetch: (input, init) => fetch(input, init),
  onSessionEnded: leaveEndedSession,
});

/** File uploads with progress (XMLHttpRequest), with the same headers as httpClient. */
export const uploadWithProgress: Uploader = createUploader({
  apiBase: async () => (await loadRuntimeConfig()).apiBase,
  language: () => requestLanguage(localStorage.getItem('i18nextLng'), navigator.language),
  tenantFilter: readTenantFilter,
  xsrfToken,
  xhr: () => new XMLHttpRequest(),
});
