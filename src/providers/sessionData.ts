import type { ResourceSchema } from '../../common/schema/types';
import { api, type AnswerOf } from './openapi/typedApi';
import { getSignedInUser, onUserChanged } from './userManager';

/**
 * Per-session caches of what the shell reads on every screen: application-configuration
 * (granted policies), the current user's overview (name, roles) and the resource schemas. Each is fetched once per
 * signed-in subject and dropped when the user signs out or another one signs in. A failed fetch
 * is not cached. Nothing is fetched while nobody is signed in: the call rejects instead.
 */
interface Entry<T> {
  sub: string;
  value: Promise<T>;
}

function sessionCache<T>(load: () => Promise<T>) {
  let entry: Entry<T> | undefined;
  let watching = false;

  const clear = () => {
    entry = undefined;
  };

  const get = async (): Promise<T> => {
    if (!watching) {
      watching = true;
      // Token renewals report the same subject and keep the cache.
      onUserChanged((sub) => {
        if (entry && entry.sub !== sub) clear();
      });
    }
    // Nobody signed in (or the session expired): no request, which would go without a token.
    const user = await getSignedInUser();
    if (!user) throw new Error('Not signed in');
    const { sub } = user;
    if (!entry || entry.sub !== sub) {
      const value = load();
      const created: Entry<T> = { sub, value };
      entry = created;
      value.catch(() => {
        if (entry === created) clear();
      });
    }
    return entry.value;
  };

  return { get, clear };
}

/** A cached answer must be one: an empty body would otherwise stay cached for the session. */
function present<T>(body: T | undefined, path: string): T {
  if (body === undefined) throw new Error(`Empty answer from ${path}`);
  return body;
}

// The session's own data: no tenant filter, whatever tenant a host user is looking at.
const OWN = { tenant: false } as const;
const CONFIGURATION = '/api/abp/application-configuration';
const CURRENT_USER = '/api/app/user-overviews/current';
const SCHEMAS = '/api/app/schemas';

export type ApplicationConfiguration = AnswerOf<typeof CONFIGURATION>;
export type CurrentUserOverview = AnswerOf<typeof CURRENT_USER>;

const applicationConfiguration = sessionCache(async () => present(await api('get', CONFIGURATION, { ...OWN, query: { includeLocalizationResources: false } }), CONFIGURATION));
const currentUser = sessionCache(async () => present(await api('get', CURRENT_USER, OWN), CURRENT_USER));
// The API describes a resource schema only as an object: each is a JSON Schema document of its own.
const resourceSchemas = sessionCache(async () => {
  const answer = present(await api('get', SCHEMAS, OWN), SCHEMAS);
  return { schemas: answer.items as unknown as ResourceSchema[], unreadable: answer.unreadable };
});

/** GET /api/abp/application-configuration, without localization resources (texts come from /locales). */
export const getApplicationConfiguration = applicationConfiguration.get;

/** GET /api/app/user-overviews/current */
export const getCurrentUserOverview = currentUser.get;

/**
 * GET /api/app/schemas: the schemas of the back-office resources the user may read, and the names
 * of the others (where the app shows Access denied).
 */
export const getResourceSchemas = resourceSchemas.get;

export function clearSessionData(): void {
  applicationConfiguration.clear();
  currentUser.clear();
  resourceSchemas.clear();
}
