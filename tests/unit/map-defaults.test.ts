import { describe, expect, it } from 'vitest';
import { loadConfig, OSM_ATTRIBUTION, OSM_TILE_URL } from '../../server/config';
import { runtimeConfig } from '../../server/web/runtime-config';
import { contentSecurityPolicy, securityHeaders } from '../../server/web/security-headers';

/**
 * The map on a fresh install (no network here, so the defaults are checked as configuration):
 * OpenStreetMap's tiles with the credit its licence asks for, allowed by the CSP, asked for with
 * a Referer, and replaced by MAP_TILE_URL.
 */
const imgSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('img-src '))!.split(' ').slice(1);

describe('map tiles by default', () => {
  it("uses OpenStreetMap's standard tile server, credited and linked to its copyright page", () => {
    const config = loadConfig({});
    expect(OSM_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.tileUrl).toBe(OSM_TILE_URL);
    expect(config.tileAttribution).toBe(OSM_ATTRIBUTION);
    // "© OpenStreetMap contributors", the words and the link its attribution guidelines ask for.
    const credit = creditOf(OSM_ATTRIBUTION);
    expect(credit.text).toBe('© OpenStreetMap contributors');
    expect(credit.links).toEqual(['https://www.openstreetmap.org/copyright']);
    const web = runtimeConfig(config);
    expect(web).toMatchObject({ tileUrl: OSM_TILE_URL, tileAttribution: OSM_ATTRIBUTION, placeSearch: false });
  });

  it('allows the tile host in img-src, and no other new host anywhere', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(imgSrc(csp)).toContain('https://tile.openstreetmap.org');
    expect(csp.replace('img-src', '').match(/openstreetmap/g)).toHaveLength(1);
  });

  it('sends a Referer to the tile host: the referrer policy is not no-referrer and names the origin cross-site', () => {
    const headers = Object.fromEntries(securityHeaders(loadConfig({})));
    expect(headers['referrer-policy']).not.toBe('no-referrer');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('MAP_TILE_URL replaces the tiles (and their host in the CSP); none turns them off; MAP_TILE_ATTRIBUTION replaces the credit', () => {
    const own = loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/osm/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '&copy; Example Maps' });
    expect(own.tileUrl).toBe('https://tiles.example.org/osm/{z}/{x}/{y}.png');
    expect(own.tileAttribution).toBe('&copy; Example Maps');
    const csp = contentSecurityPolicy(own);
    expect(imgSrc(csp)).toContain('https://tiles.example.org');
    expect(csp).not.toContain('openstreetmap');
    for (const off of ['none', 'off', 'NONE']) {
      const config = loadConfig({ MAP_TILE_URL: off });
      expect(config.tileUrl).toBe('');
      expect(contentSecurityPolicy(config)).not.toContain('openstreetmap');
    }
    // An empty value is unset (as .env.example says): the default.
    expect(loadConfig({ MAP_TILE_URL: '' }).tileUrl).toBe(OSM_TILE_URL);
  });

  it('offers address search only with a geocoder, which is asked with a User-Agent naming Vigil', () => {
    const config = loadConfig({ GEOCODER_URL: 'https://nominatim.example', PUBLIC_URL: 'https://vigil.example' });
    expect(runtimeConfig(config).placeSearch).toBe(true);
    expect(config.geocoder.userAgent).toMatch(/^Vigil\//);
    expect(config.geocoder.searchPerMinute).toBe(30);
  });
});

/** The text and link targets of a small HTML snippet (no DOM in the unit project). */
function creditOf(html: string): { text: string; links: string[] } {
  return { text: html.replace(/<[^>]+>/g, '').replace(/&copy;/g, '©'), links: [...html.matchAll(/<a\s+href="([^"]+)"/g)].map((m) => m[1]!) };
}
