import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOME } from '../../server/seed/demo';
import { route, simulate } from '../../scripts/simulate';

/** `npm run simulate` over OsmAnd (the default): the fixes as the Traccar Client app posts them, and an alarm on its step. */
let server: http.Server;
const requests: URLSearchParams[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://x').searchParams);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('simulate --protocol osmand', () => {
  it('posts each step of the route, the scheduled alarm riding on its step’s fix', async () => {
    const lines: string[] = [];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await simulate({ url, imeis: ['356938035643809'], intervalMs: 0, steps: 4, home: DEMO_HOME, alarms: { fall: 3 }, log: (l) => lines.push(l) });
    expect(result).toEqual({ sent: 4, failed: 0 });
    const expected = route(DEMO_HOME, 45, 4);
    expect(requests.map((q) => [q.get('id'), Number(q.get('lat')), Number(q.get('lon')), q.get('batt'), q.get('alarm')])).toEqual(
      expected.map((p, i) => ['356938035643809', Number(p.lat.toFixed(6)), Number(p.lon.toFixed(6)), String(80 - 2 * i), i === 2 ? 'fallDown' : null]),
    );
    expect(lines[2]).toMatch(/^watch …3809 step 3\/4 [\d.]+,[\d.]+ fall alarm -> 200$/);
  });
});
