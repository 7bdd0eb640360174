import type { ApplicationConfiguration, CurrentUserOverview } from '../../common/abp-contract';
import type { ResourceSchema } from '../../common/schema/types';
import { httpClient, type QueryValue } from './httpClient';
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

async function json<T>(path: string, query: Record<string, QueryValue> = {}): Promise<T> {
  // The session's own data: no tenant filter, whatever tenant a host user is looking at.
  const { json: body } = await httpClient<T>(path, { tenant: false, query });
  if (body === undefined) throw new Error(`Empty answer from ${path}`);
  return body;
}

const applicationConfiguration = sessionCache(() =>
  json<ApplicationConfiguration>('/api/abp/application-configuration', { includeLocalizationResources: false }),
);
const currentUser = sessionCache(() => json<CurrentUserOverview>('/api/app/user-overviews/current'));
const resourceSchemas = sessionCache(() => json<{ items: ResourceSchema[] }>('/api/app/schemas').then((body) => body.items ?? []));

/** GET /api/abp/application-configuration, without localization resources (texts come from /locales). */
export const getApplicationConfiguration = applicationConfiguration.get;

/** GET /api/app/user-overviews/current */
export const getCurrentUserOverview = currentUser.get;

/** GET /api/app/schemas: the schemas of the back-office resources the user may read. */
export const getResourceSchemas = resourceSchemas.get;

export function clearSessionData(): void {
  applicationConfiguration.clear();
  currentUser.clear();
  resourceSchemas.clear();
}
