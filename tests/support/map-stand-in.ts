import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tile server and a Nominatim-compatible geocoder on 127.0.0.1, in place of OpenStreetMap's
 * (the tests reach no network). Tiles: GET /tiles/{z}/{x}/{y}.png, a small PNG each. Search:
 * GET /search?format=jsonv2&q=&limit=&accept-language=, answered from `places` by a query's
 * words (case-insensitive, all of them in the place's name); a query holding "fail" gets a 500.
 * Every request is recorded with its User-Agent and Referer.
 */
export interface StandInPlace {
  name: string;
  lat: number;
  lng: number;
}

export interface MapRequest {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  referer: string | undefined;
}

export interface MapStandIn {
  /** http://127.0.0.1:port */
  url: string;
  /** The tile URL template to configure (MAP_TILE_URL). */
  tileUrl: string;
  tiles: MapRequest[];
  searches: MapRequest[];
  stop(): Promise<void>;
}

/** A 1×1 opaque PNG: a tile the browser decodes (its naturalWidth is 1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function startMapStandIn(places: StandInPlace[]): Promise<MapStandIn> {
  const tiles: MapRequest[] = [];
  const searches: MapRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const seen = { path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'], referer: req.headers.referer };
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      tiles.push(seen);
      return void res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(PNG);
    }
    if (url.pathname === '/search') {
      searches.push(seen);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      if (q.includes('fail')) return void res.writeHead(500).end();
      const words = q.split(/[\s,]+/).filter(Boolean);
      const found = places.filter((p) => words.every((w) => p.name.toLowerCase().includes(w))).slice(0, Number(url.searchParams.get('limit') ?? 10));
      const answer = found.map((p, i) => ({ place_id: i + 1, lat: String(p.lat), lon: String(p.lng), display_name: p.name, category: 'place', type: 'house', importance: 0.5 }));
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    tileUrl: `${url}/tiles/{z}/{x}/{y}.png`,
    tiles,
    searches,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
