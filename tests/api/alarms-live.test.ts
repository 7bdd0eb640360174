import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from '../../server/app';
import { DATABASES, freePort, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';
import { openEventStream } from '../support/event-stream';
import { demoDevices, queryFix, sendQuery } from '../support/osmand';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';

const DAD = DEMO_WATCHES[1].imei;

describe.each(DATABASES)('live alarms on $name', ({ url }) => {
  let server: TestServer;
  let port: string;
  let token: string;
  const call = caller(() => server);
  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0 });
    port = `http://127.0.0.1:${server.config.ingestPort}`;
    token = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('refuses the event stream without a sign-in', async () => {
    const res = await fetch(`${server.url}/api/app/tracking/live`);
    expect(res.status).toBe(401);
  });

  it('streams a new alarm to the signed-in receiver, and its acknowledgement', async () => {
    const stream = await openEventStream(`${server.url}/api/app/tracking/live`, token);
    try {
      expect(await sendQuery(port, queryFix(DAD, { lat: 56, lon: 13, time: new Date(Date.now() - 5000), alarm: 'sos' }))).toBe(200);
      const event = await stream.next((e) => e.event === 'alarm');
      const alarm = JSON.parse(event.data) as { id: string; subject: string; type: string; deviceName: string; acknowledgedTime: string | null };
      expect(alarm).toMatchObject({ type: 'sos', subject: "SOS from Dad's watch", deviceName: "Dad's watch", acknowledgedTime: null });

      const open = await call(token, 'GET', '/api/app/tracking/alarms?unacknowledged=true');
      expect((open.body.items as { id: string }[]).map((i) => i.id)).toContain(alarm.id);
      const ack = await call(token, 'POST', `/api/app/tracking/alarms/${alarm.id}/acknowledge`);
      expect(ack.status).toBe(200);
      expect(ack.body.acknowledgedTime).not.toBeNull();
      await stream.next((e) => e.event === 'ack' && (JSON.parse(e.data) as { id: string }).id === alarm.id);
      const after = await call(token, 'GET', '/api/app/tracking/alarms?unacknowledged=true');
      expect((after.body.items as { id: string }[]).map((i) => i.id)).not.toContain(alarm.id);
    } finally {
      stream.close();
    }
  });

  it('does not let another user acknowledge or see the alarm', async () => {
    const staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    const mine = await call(token, 'GET', '/api/app/tracking/alarms');
    const id = (mine.body.items as { id: string }[])[0]!.id;
    expect((await call(staff, 'POST', `/api/app/tracking/alarms/${id}/acknowledge`)).status).toBe(404);
    expect((await call(staff, 'GET', '/api/app/tracking/alarms')).body.totalCount).toBe(0);
  });
});

/** Two API nodes on one PostgreSQL database: an alarm written by one reaches a stream on the other. */
describe.skipIf(!DATABASES.some((d) => d.name === 'postgres'))('live alarms across API nodes (PostgreSQL LISTEN/NOTIFY)', () => {
  let first: TestServer;
  let second: Server & { url: string };
  beforeAll(async () => {
    first = await startServer(DATABASES.find((d) => d.name === 'postgres')!.url, { ingestPort: 0 });
    const port = await freePort();
    // Same database and issuer, its own port: a second node behind the same public address.
    second = Object.assign(await createServer({ ...first.config, port, ingestPort: -1 }), { url: `http://127.0.0.1:${port}` });
    await second.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('delivers an alarm ingested on the first node to a stream open on the second', async () => {
    const token = (await tokensFor(first.url, 'caregiver', DEMO_PASSWORD)).access_token;
    const stream = await openEventStream(`${second.url}/api/app/tracking/live`, token);
    try {
      const { dad } = await demoDevices(first.database.db);
      expect(await sendQuery(`http://127.0.0.1:${first.config.ingestPort}`, queryFix(DAD, { lat: 56, lon: 13, time: new Date(Date.now() - 5000), alarm: 'fall' }))).toBe(200);
      const event = await stream.next((e) => e.event === 'alarm');
      expect(JSON.parse(event.data)).toMatchObject({ type: 'fall', deviceId: dad.id });
    } finally {
      stream.close();
    }
  });
});
