import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { demoDevices } from '../support/osmand';
import { DATABASES, freePort, startSecondNode, startServer, type SecondNode, type TestServer } from '../support/server';
import { npmStartCommand } from '../support/npm-start';
import { tokensFor } from '../support/sign-in';
import { report, watchFrame, WatchClient } from '../support/watch-client';
import { until } from '../support/poll';

/**
 * Commands over a watch's live connection, through the real ports: "locate now" reaches a
 * connected watch within a second, its echo acknowledges it, the position comes back; a command
 * for a watch that is away waits for it; settings go out and come back acknowledged; and across
 * two API nodes on one PostgreSQL, the node holding the connection sends what another queued.
 */
const MUM = DEMO_WATCHES[0].imei;


describe.each(DATABASES)('commands to connected watches on $name', ({ url }) => {
  let server: TestServer;
  const call = caller(() => server);
  let carer: string;
  let staff: string;
  let mumId: string;
  const clients: WatchClient[] = [];
  const connect = async (port = server.config.watchPort) => {
    const c = await WatchClient.connect(port);
    clients.push(c);
    c.send(watchFrame(MUM, 'LK,10,0,90'));
    await c.next((f) => f.endsWith('*LK]'));
    return c;
  };
  const status = async (id: string) => (await server.database.db.selectFrom('device_commands').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    server = await startServer(url, { watchPort: 0 });
    carer = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    mumId = (await demoDevices(server.database.db)).mum.id;
  });
  afterAll(async () => {
    for (const c of clients) c.end();
    await server?.stop();
  });

  it('"locate now" reaches the connected watch within a second; its echo acknowledges it and the position comes back', async () => {
    const watch = await connect();
    const seen = watch.frames.length;
    const started = Date.now();
    const asked = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: mumId });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // As Traccar, commands to a watch that writes '3G' are tagged 'SG'.
    await watch.next((f) => f === `[SG*${MUM}*0002*CR]`, seen, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const id = String(asked.body.id);
    expect(await until(() => status(id), (s) => s === 'sent')).toBe('sent');
    watch.send(watchFrame(MUM, 'CR'));
    expect(await until(() => status(id), (s) => s === 'acknowledged')).toBe('acknowledged');
    watch.send(watchFrame(MUM, report('UD', { lat: 55.7001, lon: 12.6001 })));
    const here = await until(
      () => server.database.db.selectFrom('device_state').select(['latitude', 'longitude']).where('device_id', '=', mumId).executeTakeFirstOrThrow(),
      (s) => s.latitude === 55.7001,
    );
    expect(here).toEqual({ latitude: 55.7001, longitude: 12.6001 });
    // Every state it went through, with its time, is in the command log.
    const log = await call(staff, 'GET', `/api/app/terminalCommand/log?deviceId=${mumId}`);
    const entry = (log.body.items as { id: string; states: { status: string; time: string }[] }[]).find((c) => c.id === id)!;
    expect(entry.states.map((s) => s.status)).toEqual(['queued', 'sent', 'acknowledged']);
    watch.end();
  });

  it('keeps a command for a watch that is away and sends it when the watch connects', async () => {
    await until(() => server.database.db.selectFrom('device_connections').select('device_id').where('device_id', '=', mumId).execute(), (rows) => rows.length === 0);
    const asked = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: mumId });
    const id = String(asked.body.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(await status(id)).toBe('queued');
    const watch = await connect();
    await watch.next((f) => f.endsWith('*CR]'));
    expect(await until(() => status(id), (s) => s === 'sent')).toBe('sent');
    watch.end();
  });

  it('sends saved settings as the protocol\'s commands, and is in sync once the watch acknowledged each', async () => {
    const watch = await connect();
    const seen = watch.frames.length;
    const saved = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: mumId, settings: { positionIntervalSeconds: 120, sosNumbers: ['+4511223344'] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const upload = await watch.next((f) => f.includes('*UPLOAD,'), seen);
    // LEN in lower-case hex, as Traccar writes it.
    expect(upload).toBe(`[SG*${MUM}*000a*UPLOAD,120]`);
    const sos = await watch.next((f) => f.includes('*SOS1,'), seen);
    expect(sos).toBe(`[SG*${MUM}*0010*SOS1,+4511223344]`);
    const sync = () => call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${mumId}`);
    expect((await sync()).body.inSync).toBe(false);
    watch.send(watchFrame(MUM, 'UPLOAD'));
    watch.send(watchFrame(MUM, 'SOS1'));
    const synced = await until(sync, (r) => r.body.inSync === true);
    expect(synced.body).toMatchObject({ inSync: true, reported: { positionIntervalSeconds: 120, sosNumbers: ['+4511223344'] } });
    watch.end();
  });

  it.runIf(url !== '')('sends a command made on one API node to the watch connected to another, and after that node is gone, through the other', async () => {
    let second: SecondNode | undefined = await startSecondNode(server);
    try {
      const onSecond = await connect(second.config.watchPort);
      const seen = onSecond.frames.length;
      const asked = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: mumId });
      const started = Date.now();
      await onSecond.next((f) => f.endsWith('*CR]'), seen, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await until(() => status(String(asked.body.id)), (s) => s === 'sent')).toBe('sent');
      // The node holding the connection stops: the watch reconnects to the first node, and only
      // what was queued since goes out (nothing is sent twice).
      await second.close();
      second = undefined;
      await onSecond.closedByServer();
      const waiting = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: mumId });
      const onFirst = await connect();
      await onFirst.next((f) => f.endsWith('*CR]'));
      await new Promise((r) => setTimeout(r, 300));
      expect(onFirst.frames.filter((f) => f.endsWith('*CR]'))).toHaveLength(1);
      expect(await until(() => status(String(waiting.body.id)), (s) => s === 'sent')).toBe('sent');
      onFirst.end();
    } finally {
      await second?.close();
    }
  });

  it.runIf(url !== '')('loses no command and sends none twice when the node holding the watch is killed', async () => {
    const [port, watchPort] = [await freePort(), await freePort()];
    const base = { ...process.env };
    for (const name of ['DATA_DIR', 'API_WORKERS', 'WORKERS']) delete base[name];
    // A second API node in a process of its own on the same database, killed with SIGKILL.
    const child = spawn(...npmStartCommand(), {
      cwd: path.resolve(import.meta.dirname, '../..'),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...base, DATABASE_URL: server.config.databaseUrl, SEED_DEMO: 'false', PORT: String(port), INGEST_PORT: '-1', WATCH_PORT: String(watchPort), EVIEW_PORT: '-1', HOST: '127.0.0.1', PUBLIC_URL: server.config.publicUrl, BUILD_WEB: 'false', LOG_LEVEL: 'warn' },
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let onKilled: WatchClient | undefined;
      for (let i = 0; i < 200 && !onKilled; i++) {
        onKilled = await connect(watchPort).catch(() => undefined);
        if (!onKilled) await new Promise((r) => setTimeout(r, 100));
      }
      if (!onKilled) throw new Error('the second node never listened');
      const sent = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: mumId });
      await onKilled.next((f) => f.endsWith('*CR]'), 0, 2000);
      expect(await until(() => status(String(sent.body.id)), (s) => s === 'sent')).toBe('sent');
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
      await onKilled.closedByServer();
      // Queued while the watch was between nodes; then it reconnects to the node still running.
      const waiting = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: mumId });
      const back = await connect();
      await back.next((f) => f.endsWith('*CR]'));
      await new Promise((r) => setTimeout(r, 300));
      // The one queued goes out once; the one already sent is not sent again.
      expect(back.frames.filter((f) => f.endsWith('*CR]'))).toHaveLength(1);
      expect(await until(() => status(String(waiting.body.id)), (s) => s === 'sent')).toBe('sent');
      back.end();
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
  }, 60_000);
});
