import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_CONNECTION_MS } from '../../server/device-stock/troubleshoot-connection';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { demoDevices } from '../support/osmand';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { watchFrame, WatchClient } from '../support/watch-client';

/**
 * Troubleshooting shows a watch's live connection (server/device-stock/troubleshoot-connection.ts):
 * a real 3G watch on the watch port, then gone; a connection row a stopped node left behind; an
 * OsmAnd watch, which keeps none. Staff of another tenant see nothing of it.
 */
const MUM = DEMO_WATCHES[0].imei;

interface Connection {
  state: string;
  protocol: string | null;
  remoteAddress: string | null;
  connectedTime: string | null;
  lastInTime: string | null;
  lastOutTime: string | null;
  lastHeardTime: string | null;
  lastFrameIn: { receivedTime: string; payload: string; outcome: string } | null;
  lastCommandOut: { id: string; type: string; text: string; status: string; sentTime: string } | null;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DATABASES)('the connection on troubleshooting ($name)', ({ url }) => {
  let server: TestServer;
  let staff: string;
  let carer: string;
  let otherStaff: string;
  let noTroubleshoot: string;
  let mumId: string;
  let dadId: string;
  let tenantId: string | null;
  const call = caller(() => server);
  const clients: WatchClient[] = [];
  const connectionOf = async (deviceId: string, token = staff) => {
    const res = await call(token, 'GET', `/api/app/troubleshoot/${deviceId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as Json & { connection: Connection }).connection;
  };

  beforeAll(async () => {
    server = await startServer(url, { watchPort: 0 });
    const db = server.database.db;
    const { mum, dad } = await demoDevices(db);
    [mumId, dadId, tenantId] = [mum.id, dad.id, mum.tenant_id];
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token!;
    carer = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token!;
    const other = await createTenantUser(db, { tenant: 'Troubleshoot Tenant B', userName: 'trouble-b', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    const devicesOnly = await createTenantUser(db, { tenantId, userName: 'trouble-devices-only', role: 'trouble-devices', policies: ['Vigil.Devices'] });
    otherStaff = (await tokensFor(server.url, other.userName, other.password)).access_token!;
    noTroubleshoot = (await tokensFor(server.url, devicesOnly.userName, devicesOnly.password)).access_token!;
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.end();
    await server?.stop();
  });

  it('answers when a watch with stored history but no raw message kept was last heard from: its newest position, never "never"', async () => {
    const db = server.database.db;
    // The demo's week of history is stored as positions and events; the ring of raw messages is empty.
    const res = await call(staff, 'GET', `/api/app/troubleshoot/${mumId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as Json & { lastMessageTime: string | null; lastContact: string | null; messages: unknown[] };
    expect(body.messages).toEqual([]);
    const newest = await db.selectFrom('positions').select('server_time').where('device_id', '=', mumId).orderBy('fix_time', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(body.lastMessageTime).not.toBeNull();
    expect(Date.parse(body.lastMessageTime!)).toBeGreaterThanOrEqual(new Date(newest.server_time).getTime());
    // Never older than the last contact shown beside it.
    expect(Date.parse(body.lastMessageTime!)).toBeGreaterThanOrEqual(Date.parse(body.lastContact!));
  });

  it('shows a connected watch: since when, protocol, address, last frame in and out, the latest command and its state; then "not connected"', async () => {
    const before = await connectionOf(mumId);
    expect(before).toMatchObject({ state: 'notConnected', protocol: null, remoteAddress: null, connectedTime: null });

    const started = Date.now();
    const watch = await WatchClient.connect(server.config.watchPort);
    clients.push(watch);
    watch.send(watchFrame(MUM, 'LK,10,0,90'));
    await watch.next((f) => f.endsWith('*LK]'));
    const connected = await until(() => connectionOf(mumId), (c) => c.state === 'connected');
    expect(connected).toMatchObject({ state: 'connected', protocol: 'watch', remoteAddress: '127.0.0.1' });
    expect(Date.parse(connected.connectedTime!)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(connected.connectedTime!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(connected.lastInTime!)).toBeGreaterThanOrEqual(Date.parse(connected.connectedTime!));

    // "Locate now" is written to the watch; its echo acknowledges it and is the last frame in.
    const asked = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: mumId });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await watch.next((f) => f.endsWith('*CR]'));
    const echo = watchFrame(MUM, 'CR');
    watch.send(echo);
    const acknowledged = await until(() => connectionOf(mumId), (c) => c.lastCommandOut?.status === 'acknowledged' && c.lastFrameIn?.payload === echo);
    expect(acknowledged.lastCommandOut).toMatchObject({ id: String(asked.body.id), type: 'positionSingle', status: 'acknowledged' });
    expect(acknowledged.lastFrameIn).toMatchObject({ payload: echo, outcome: 'stored' });
    expect(Date.parse(acknowledged.lastInTime!)).toBeGreaterThanOrEqual(Date.parse(acknowledged.lastFrameIn!.receivedTime));
    // The node writes its connections' last frames every few seconds.
    const written = await until(() => connectionOf(mumId), (c) => c.lastOutTime !== null, 15_000);
    expect(Date.parse(written.lastOutTime!)).toBeGreaterThanOrEqual(Date.parse(written.connectedTime!));

    // Nothing of it for another tenant's staff, nor without the troubleshooting permission.
    const foreign = await call(otherStaff, 'GET', `/api/app/troubleshoot/${mumId}`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('127.0.0.1');
    expect((await call(noTroubleshoot, 'GET', `/api/app/troubleshoot/${mumId}`)).status).toBe(403);

    watch.end();
    const gone = await until(() => connectionOf(mumId), (c) => c.state === 'notConnected');
    expect(gone).toMatchObject({ state: 'notConnected', protocol: null, remoteAddress: null, connectedTime: null, lastInTime: null, lastOutTime: null });
    // When it was last heard from: its last frame.
    expect(Date.parse(gone.lastHeardTime!)).toBeGreaterThanOrEqual(Date.parse(acknowledged.lastFrameIn!.receivedTime));
  }, 60_000);

  it('says a connection a stopped node left behind may be stale, and that an OsmAnd watch keeps none', async () => {
    const db = server.database.db;
    const quiet = new Date(Date.now() - STALE_CONNECTION_MS - 60_000);
    await db
      .insertInto('device_connections')
      .values({ device_id: dadId, tenant_id: tenantId, node_id: 'a-node-gone', connection_id: randomUUID(), protocol: 'eview', remote_address: '198.51.100.23', connected_time: new Date(quiet.getTime() - 60_000), last_in_time: quiet, last_out_time: quiet })
      .execute();
    expect(await connectionOf(dadId)).toMatchObject({ state: 'stale', protocol: 'eview', remoteAddress: '198.51.100.23', lastInTime: quiet.toISOString(), lastOutTime: quiet.toISOString() });
    // A row with recent traffic is a live connection.
    await db.updateTable('device_connections').set({ last_in_time: new Date() }).where('device_id', '=', dadId).execute();
    expect((await connectionOf(dadId)).state).toBe('connected');
    await db.deleteFrom('device_connections').where('device_id', '=', dadId).execute();

    await db.updateTable('devices').set({ model: 'tizen' }).where('id', '=', dadId).execute();
    try {
      expect(await connectionOf(dadId)).toMatchObject({ state: 'osmand', protocol: null, remoteAddress: null });
    } finally {
      await db.updateTable('devices').set({ model: 'watch4' }).where('id', '=', dadId).execute();
    }
    expect((await connectionOf(dadId)).state).toBe('notConnected');
  });
});
