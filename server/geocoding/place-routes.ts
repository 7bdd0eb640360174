import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { AbpError, badRequest } from '../http/errors';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit';
import type { Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import type { Geocoder } from './geocoder';
import { PLACE_SEARCH } from './route-schemas';

/** Searches one user may make in a window: a person types a few addresses, never dozens a minute. */
export const SEARCHES_PER_USER = 10;
export const SEARCH_WINDOW_SECONDS = 60;

/**
 * GET /api/app/places: "Find a place" on the map by address. The browser asks Vigil, never the
 * geocoder: the geocoder's usage policy binds the install, not each browser, its URL may carry a
 * key, and here each user is held to SEARCHES_PER_USER a minute (across nodes, in the database)
 * and the node to GEOCODER_SEARCH_PER_MINUTE (server/geocoding/geocoder.ts). Coordinates never
 * come here: the web app reads them itself.
 */
export async function placeRoutes(app: Api, db: Db, geocoder: Geocoder | null): Promise<void> {
  const refusal = (status: number, key: string, code: string, lang: string) => new AbpError(status, translate(`geofences:places.${key}`, lang), { code: `Vigil:PlaceSearch.${code}` });

  app.get('/api/app/places', { config: { policy: POLICIES.geofences }, schema: { tags: ['geofences'], summary: 'Places matching an address or a place name, from the configured geocoder', ...PLACE_SEARCH } }, async (request, reply) => {
    const lang = request.language;
    // Without a geocoder an address cannot be searched: the query is refused as input, naming what works.
    if (!geocoder) {
      const message = translate('geofences:places.unavailable', lang);
      throw badRequest(message, [{ members: ['query'], message }], 'Vigil:PlaceSearch.Off');
    }
    const hit = await hitRateLimit(db, `place-search:${request.principal!.userId}`, SEARCHES_PER_USER, SEARCH_WINDOW_SECONDS);
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfter));
      throw tooManyRequests(lang);
    }
    const places = await geocoder.search(request.query.query, lang);
    if (places === 'busy') {
      reply.header('retry-after', String(SEARCH_WINDOW_SECONDS));
      throw refusal(503, 'busy', 'Busy', lang);
    }
    if (places === null) throw refusal(502, 'failed', 'Failed', lang);
    return { items: places };
  });
}
