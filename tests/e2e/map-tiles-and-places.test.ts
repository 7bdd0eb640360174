import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser-suite';
import { startMapStandIn, type MapStandIn } from '../support/map-stand-in';
import type { TestServer } from '../support/server';
import { OSM_ATTRIBUTION } from '../../server/config';

const TOWN_HALL = { name: 'Rådhuspladsen 1, 1550 København V, Danmark', lat: 55.6759, lng: 12.5694 };
const KOLDING = { name: 'Akseltorv 1, 6000 Kolding, Danmark', lat: 55.4904, lng: 9.4722 };

/** The tile holding a place at zoom z (the Web Mercator tiling OpenStreetMap and Leaflet use). */
function tileOf(p: { lat: number; lng: number }, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const lat = (p.lat * Math.PI) / 180;
  return { x: Math.floor(((p.lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n) };
}

/**
 * The safe-zone map as a carer meets it, with a tile server and a geocoder of its own in place of
 * OpenStreetMap's (no network here): the map shows tiles (the images loaded, asked with a Referer
 * naming Vigil's origin), credits OpenStreetMap, and "Find a place" moves it to an address found
 * through Vigil's server, or to typed coordinates.
 */
describe('/geofence map tiles and Find a place in a real browser', () => {
  let stand: MapStandIn;
  const suite = browserSuite(async () => {
    stand = await startMapStandIn([TOWN_HALL, KOLDING]);
    return { tileUrl: stand.tileUrl, tileAttribution: OSM_ATTRIBUTION, geocoder: { url: stand.url, timeoutMs: 3000, userAgent: 'Vigil/0.1 (e2e)', searchPerMinute: 30 } };
  });
  let server: TestServer;
  let page: Page;
  const WAIT = { timeout: 30_000 };
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  const browserRequests: string[] = [];

  const tileRequested = (p: { lat: number; lng: number }) =>
    stand.tiles.some((t) => {
      const [z, x, y] = t.path.split('/').slice(2).map((v) => Number.parseInt(v, 10)) as [number, number, number];
      const want = tileOf(p, z);
      return z >= 15 && Math.abs(x - want.x) <= 1 && Math.abs(y - want.y) <= 1;
    });

  beforeAll(async () => {
    server = suite.server;
    await server.database.db.deleteFrom('geofences').execute();
    page = await suite.signedIn('caregiver', '/geofence');
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
    page.on('request', (req) => browserRequests.push(req.url()));
    // The listeners came after signing in: a reload lets them see the page from its start.
    await page.reload();
  });
  afterAll(async () => {
    await stand?.stop();
  });

  it('shows tiles from the configured tile server, loaded as images, asked with a Referer, and credits OpenStreetMap', async () => {
    const loaded = page.locator(`.leaflet-tile-loaded[src^="${stand.url}/tiles/"]`);
    await expect.poll(() => loaded.count(), WAIT).toBeGreaterThan(0);
    // Decoded images, not broken ones.
    const widths = await loaded.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
    expect(widths.every((w) => w > 0)).toBe(true);
    // The tile host is told which site asks (OpenStreetMap's usage policy), the origin only.
    expect(stand.tiles.length).toBeGreaterThan(0);
    for (const tile of stand.tiles) expect(tile.referer).toBe(`${server.url}/`);
    const credit = page.locator('.leaflet-control-attribution');
    await expect(credit.textContent()).resolves.toContain('© OpenStreetMap contributors');
    await expect(credit.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).resolves.toBe('https://www.openstreetmap.org/copyright');
    // With tiles there is no "background not available" note.
    await expect(page.getByText('Map background not available').count()).resolves.toBe(0);
  });

  it('finds a place by address through the server and moves the map there', async () => {
    const field = page.getByLabel('Find a place');
    await expect(page.getByText('Enter an address, or coordinates as latitude, longitude').isVisible()).resolves.toBe(true);
    expect(tileRequested(TOWN_HALL)).toBe(false);
    await field.fill('Rådhuspladsen 1');
    // Enter searches; it does not save the zone being drawn.
    await field.press('Enter');
    await page.getByRole('status').filter({ hasText: `Showing ${TOWN_HALL.name}` }).waitFor(WAIT);
    await expect.poll(() => tileRequested(TOWN_HALL), WAIT).toBe(true);
    await expect(page.getByText('Create a geofence by selecting an area on the map').count()).resolves.toBe(0);
    // The geocoder was asked by Vigil's server, never by the browser.
    expect(stand.searches.map((s) => [s.query.get('q'), s.userAgent])).toEqual([['Rådhuspladsen 1', 'Vigil/0.1 (e2e)']]);
    expect(browserRequests.some((url) => url.startsWith(`${stand.url}/search`))).toBe(false);
    expect(browserRequests.some((url) => url.startsWith(`${server.url}/api/app/places?`))).toBe(true);
  });

  it('still takes coordinates, and says when no place matches', async () => {
    const field = page.getByLabel('Find a place');
    await field.fill(`${KOLDING.lat}, ${KOLDING.lng}`);
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => tileRequested(KOLDING), WAIT).toBe(true);
    const searches = stand.searches.length;
    expect(searches).toBe(1);
    await field.fill('Nowhere Lane 7');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'No place found for “Nowhere Lane 7”' }).waitFor(WAIT);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
