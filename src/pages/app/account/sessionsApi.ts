import { api, type AnswerOf } from '../../../providers/openapi/typedApi';

/** Where the signed-in user is signed in (server/accounts/session-routes.ts). */
const ACCOUNT_SESSIONS = '/api/account/sessions';
/** More sign-ins than anyone has at once. */
const MAX_SESSIONS = 100;

/** One sign-in; `device` is like "Chrome on Android", null when the browser is not known; `isCurrent` is this browser's. */
export type AccountSession = AnswerOf<typeof ACCOUNT_SESSIONS>['items'][number];

export const SESSIONS_KEY = ['account-sessions'] as const;

export async function fetchSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return (await api('get', ACCOUNT_SESSIONS, { tenant: false, query: { MaxResultCount: MAX_SESSIONS }, signal })).items;
}

/** Ends one session: its tokens stop working at once (this browser's own too, when it is the current one). */
export async function endSession(id: string): Promise<void> {
  await api('delete', '/api/account/sessions/{id}', { tenant: false, params: { id } });
}
