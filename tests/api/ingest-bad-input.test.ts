import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { demoDevices, jsonLocation, queryFix, sendJson, sendQuery } from '../support/osmand';
import { DEMO_WATCHES } from '../../server/seed/demo';
import { RATE_BURST } from '../../server/ingest/guards';
import { BODY_LIMIT } from '../../server/ingest/osmand-routes';

const MUM = DEMO_WATCHES[0].imei;
const DAD = DEMO_WATCHES[1].imei;

describe.each(DATABASES)('OsmAnd bad input on $name', ({ url }) => {
  let server: TestServer;
  let port: string;
  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0 });
    port = `http://127.0.0.1:${server.config.ingestPort}`;
  });
  afterAll(async () => server?.stop());

  const count = async (deviceId: string) =>
    Number((await server.database.db.selectFrom('positions').select((eb) => eb.fn.countAll<string>().as('n')).where('device_id', '=', deviceId).executeTakeFirstOrThrow()).n);
  const outcomes = async (deviceId: string) =>
    (await server.database.db.selectFrom('device_messages').select(['outcome', 'detail']).where('device_id', '=', deviceId).execute()).map((r) => `${r.outcome}:${r.detail ?? ''}`);

  it('refuses malformed coordinates, timestamps and numbers with 400, counts and keeps them, stores nothing', async () => {
    const { mum } = await demoDevices(server.database.db);
    // The demo watch has a seeded week of positions: none is added.
    const before = await count(mum.id);
    const bad: Record<string, string | number>[] = [
      { id: MUM, lat: 'abc', lon: 12 },
      { id: MUM, lat: 95, lon: 12 },
      { id: MUM, lat: 55, lon: 181 },
      { id: MUM, lat: 55 },
      { id: MUM, location: '55.1' },
      { id: MUM, lat: 'NaN', lon: 'Infinity' },
      { id: MUM, lat: 55, lon: 12, timestamp: 'yesterday' },
      // A time outside any clock's (a negative epoch); one only far ahead or long past is stored (issue 17, item 7).
      { id: MUM, lat: 55, lon: 12, timestamp: '-000010-01-01T00:00:00Z' },
      { id: MUM, lat: 55, lon: 12, accuracy: 1e300 },
      { id: MUM, lat: 55, lon: 12, batt: 250 },
    ];
    for (const params of bad) expect(await sendQuery(port, params), JSON.stringify(params)).toBe(400);
    expect(await sendJson(port, { device_id: MUM, location: { timestamp: new Date().toISOString(), coords: { latitude: 'x', longitude: 1 } } })).toBe(400);
    expect(await sendJson(port, { device_id: MUM })).toBe(400);
    const malformed = await fetch(port, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"device_id": "356938035643809", "location": ' });
    expect(malformed.status).toBe(400);
    expect(await sendQuery(port, { lat: 55, lon: 12 })).toBe(400);
    expect(await count(mum.id)).toBe(before);
    await expect.poll(async () => (await outcomes(mum.id)).filter((o) => o.startsWith('rejected:')).length).toBeGreaterThanOrEqual(bad.length + 2);
    const details = await outcomes(mum.id);
    expect(details).toContain('rejected:malformed coordinates');
    expect(details).toContain('rejected:malformed timestamp');
  });

  it('stores a replayed or duplicated message once and answers 200 so the client stops resending', async () => {
    const { dad } = await demoDevices(server.database.db);
    const before = await count(dad.id);
    const fix = queryFix(DAD, { lat: 55.5, lon: 12.5, time: new Date(Date.now() - 120_000) });
    expect(await sendQuery(port, fix)).toBe(200);
    expect(await sendQuery(port, fix)).toBe(200);
    // The same fix in the JSON form, and twice within one batch.
    const location = jsonLocation({ lat: 55.5, lon: 12.5, time: new Date(Number(fix.timestamp) * 1000) });
    expect(await sendJson(port, { device_id: DAD, locations: [location, location] })).toBe(200);
    expect(await count(dad.id)).toBe(before + 1);
    await expect.poll(async () => (await outcomes(dad.id)).filter((o) => o.startsWith('duplicate')).length).toBe(2);
    // A buffered batch holding the replay and a new fix: the new one is stored, the message is not a duplicate.
    const later = jsonLocation({ lat: 55.6, lon: 12.6, time: new Date(Number(fix.timestamp) * 1000 + 30_000) });
    expect(await sendJson(port, { device_id: DAD, locations: [location, later] })).toBe(200);
    expect(await count(dad.id)).toBe(before + 2);
    await expect.poll(async () => (await outcomes(dad.id)).filter((o) => o.startsWith('stored')).length).toBe(2);
    expect((await outcomes(dad.id)).filter((o) => o.startsWith('duplicate')).length).toBe(2);
    const state = await server.database.db.selectFrom('device_state').select(['latitude']).where('device_id', '=', dad.id).executeTakeFirstOrThrow();
    expect(state.latitude).toBeCloseTo(55.6, 5);
  });

  it('answers a flood from one device with 429 while another device keeps being stored', async () => {
    const { mum, dad } = await demoDevices(server.database.db);
    const before = await count(dad.id);
    const start = Date.now() - 600_000;
    const flood = Array.from({ length: RATE_BURST + 20 }, (_, i) => sendQuery(port, queryFix(MUM, { lat: 55, lon: 12, time: new Date(start + i * 1000) })));
    const other = Array.from({ length: 5 }, (_, i) => sendQuery(port, queryFix(DAD, { lat: 56, lon: 13, time: new Date(start + i * 1000) })));
    const [floodCodes, otherCodes] = await Promise.all([Promise.all(flood), Promise.all(other)]);
    expect(floodCodes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(15);
    expect(floodCodes.filter((c) => c === 200).length).toBeLessThanOrEqual(RATE_BURST + 5);
    expect(otherCodes).toEqual([200, 200, 200, 200, 200]);
    expect(await count(dad.id)).toBe(before + 5);
    await expect.poll(async () => (await outcomes(mum.id)).some((o) => o.startsWith('rateLimited'))).toBe(true);
    const stats = await fetch(`${server.url}/api/app/tracking/ingest/stats`);
    expect(stats.status).toBe(401);
  });

  it('keeps at most the newest messages per device (a ring)', async () => {
    const { mum } = await demoDevices(server.database.db);
    const rows = await server.database.db.selectFrom('device_messages').select('id').where('device_id', '=', mum.id).execute();
    expect(rows.length).toBeLessThanOrEqual(50);
    expect(rows.length).toBeGreaterThan(30);
  });

  it('refuses a body over the size limit on both endpoints without storing it, and keeps taking messages', async () => {
    const { dad } = await demoDevices(server.database.db);
    const before = await count(dad.id);
    const huge = JSON.stringify({ device_id: DAD, pad: 'x'.repeat(BODY_LIMIT + 10) });
    for (const target of [port, `${server.url}/ingest/osmand`]) {
      const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge }).catch((err: unknown) => err as Error);
      // The ingest port answers 413 and closes; a client may see the connection end first.
      if (res instanceof Response) expect(res.status).toBe(413);
    }
    expect(await count(dad.id)).toBe(before);
    // An old fix, off the ten-minute grid of the seeded history's fix times (one of those would be a duplicate).
    expect(await sendQuery(port, queryFix(DAD, { lat: 56.01, lon: 13, time: new Date(Math.floor(Date.now() / 600_000) * 600_000 - 3_333_000) }))).toBe(200);
    expect(await count(dad.id)).toBe(before + 1);
  });
});
