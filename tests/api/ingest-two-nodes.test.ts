import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../../server/app';
import { DATABASES, freePort, startServer, type TestServer } from '../support/server';
import { createCircle, demoDevices, north, queryFix, sendQuery } from '../support/osmand';
import { DEMO_WATCHES } from '../../server/seed/demo';

const MUM = DEMO_WATCHES[0].imei;
const HOME = { lat: 55.6761, lon: 12.5683 };

/**
 * Two API nodes ingesting one watch on one PostgreSQL database. Each node keeps the device states
 * it wrote; a fix that lands on the other node must make the first one read the stored state again,
 * or an exit confirmed on one node would be confirmed (and alarmed) again on the other.
 */
describe.skipIf(!DATABASES.some((d) => d.name === 'postgres'))('ingest on two API nodes', () => {
  let first: TestServer;
  let second: Server & { url: string };
  /** One minute per fix, from ten minutes ago (set once the server has seeded): after the demo watches' seeded week. */
  let clock = 0;
  const fix = (node: string, metresNorth: number) => sendQuery(`${node}/ingest/osmand`, queryFix(MUM, { ...north(HOME.lat, HOME.lon, metresNorth), accuracy: 5, time: new Date((clock += 60_000)) }));

  beforeAll(async () => {
    first = await startServer(DATABASES.find((d) => d.name === 'postgres')!.url);
    const port = await freePort();
    second = Object.assign(await createServer({ ...first.config, port, ingestPort: -1 }), { url: `http://127.0.0.1:${port}` });
    await second.app.listen({ port, host: '127.0.0.1' });
    const { db } = first.database;
    const { mum } = await demoDevices(db);
    // The seeded history ends half an hour before the seed: this file's fixes are the watch's newest.
    clock = Date.now() - 10 * 60_000;
    await db.deleteFrom('geofence_links').where('device_id', '=', mum.id).execute();
    await createCircle(db, { tenantId: mum.tenant_id, deviceId: mum.id, ...HOME, radius: 100, name: 'Home' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('alarms an exit and a return once when the fixes alternate between the nodes', async () => {
    const { mum } = await demoDevices(first.database.db);
    // Events after this test's first fix (the seeded history's are older).
    const since = new Date(clock);
    const count = async (type: string) =>
      Number((await first.database.db.selectFrom('device_events').select((eb) => eb.fn.countAll<string>().as('n')).where('device_id', '=', mum.id).where('type', '=', type).where('event_time', '>', since).executeTakeFirstOrThrow()).n);
    expect(await fix(first.url, 0)).toBe(200); // home
    expect(await fix(first.url, 400)).toBe(200); // out once: a suspicion
    expect(await fix(second.url, 400)).toBe(200); // out again: confirmed on the second node
    expect(await count('geofenceExit')).toBe(1);
    expect(await fix(first.url, 400)).toBe(200); // still out: the first node's copy is stale
    expect(await count('geofenceExit')).toBe(1);
    expect(await fix(second.url, 0)).toBe(200); // back home
    expect(await fix(first.url, 0)).toBe(200); // still home
    expect(await count('geofenceEnter')).toBe(1);
    const state = await first.database.db.selectFrom('device_state').select(['message_seq']).where('device_id', '=', mum.id).executeTakeFirstOrThrow();
    expect(Number(state.message_seq)).toBeGreaterThanOrEqual(6);
  });
});
