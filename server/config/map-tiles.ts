/**
 * OpenStreetMap's tile server, the map's background when MAP_TILE_URL is not set: free for an
 * application's interactive use within its tile usage policy (https://operations.osmfoundation.org/policies/tiles/):
 * the attribution below shown on the map, a Referer from the browser (referrer-policy is not
 * no-referrer), tiles loaded as people look, never in bulk or ahead.
 */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** MAP_TILE_URL: OpenStreetMap's tiles when unset, none with `none` (or `off`), else the template given. */
export function tileUrl(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return OSM_TILE_URL;
  return ['none', 'off', 'false'].includes(text.toLowerCase()) ? '' : text;
}
