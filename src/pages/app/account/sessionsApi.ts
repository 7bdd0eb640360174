import { httpClient } from '../../../providers/httpClient';

/** Where the signed-in user is signed in (server/accounts/session-routes.ts). */
const ACCOUNT_SESSIONS = '/api/account/sessions';
/** More sign-ins than anyone has at once. */
const MAX_SESSIONS = 100;

export interface AccountSession {
  id: string;
  /** "Chrome on Android", or null when the browser is not known. */
  device: string | null;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  signedInAt: string;
  lastUsedAt: string;
  clientName: string;
  /** The session this browser is signed in with. */
  isCurrent: boolean;
}

export const SESSIONS_KEY = ['account-sessions'] as const;

export async function fetchSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  const res = await httpClient<{ totalCount: number; items: AccountSession[] }>(ACCOUNT_SESSIONS, { tenant: false, query: { maxResultCount: MAX_SESSIONS }, ...(signal ? { signal } : {}) });
  return res.json?.items ?? [];
}

/** Ends one session: its tokens stop working at once (this browser's own too, when it is the current one). */
export async function endSession(id: string): Promise<void> {
  await httpClient(`${ACCOUNT_SESSIONS}/${encodeURIComponent(id)}`, { method: 'DELETE', tenant: false });
}
