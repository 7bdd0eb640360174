import { randomUUID } from 'node:crypto';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { demoDevices } from '../support/osmand';
import { watchFrame, WatchClient } from '../support/watch-client';
import { DEMO_WATCHES } from '../../server/seed/demo';
import { eviewCodec } from '../../server/protocols/eview';
import samples from '../fixtures/protocols/eview/traccar-minifinder2-decoder.json';

/**
 * Anyone can open a connection to the watches' ports: the attacker's side. Unknown watches are
 * answered as known ones and cut off after a few frames; noise never stops the node or delays a
 * real watch. And an Eview frame as Traccar's tests have it goes through its own port.
 */
const MUM = DEMO_WATCHES[0].imei;

function raw(port: number, bytes: Uint8Array, ms = 1500): Promise<{ received: Buffer; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks), closed });
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => done(true));
  });
}

describe('the watches\' ports against hostile peers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('', { watchPort: 0, eviewPort: 0 });
  });
  afterAll(async () => server?.stop());
  const db = () => server.database.db;

  it('answers an unknown watch as a known one, keeps its frames aside, and closes it after a few', async () => {
    const stranger = await WatchClient.connect(server.config.watchPort);
    const unknown = '9999999901';
    stranger.send(watchFrame(unknown, 'LK,1,0,50'));
    // The same acknowledgement a known watch gets for the same frame.
    expect(await stranger.next((f) => f.includes('LK'))).toBe(`[3G*${unknown}*0002*LK]`);
    for (let i = 0; i < 4; i++) stranger.send(watchFrame(unknown, 'LK,1,0,50'));
    await stranger.closedByServer();
    const read = () => db().selectFrom('device_messages').select(['outcome', 'device_id']).where('unique_id', '=', unknown).execute();
    let kept = await read();
    for (let i = 0; i < 100 && kept.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      kept = await read();
    }
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((m) => m.outcome === 'unknownDevice' && m.device_id === null)).toBe(true);
  });

  it('refuses a frame naming another watch on a connection that is already one watch\'s', async () => {
    const { mum } = await demoDevices(db());
    const watch = await WatchClient.connect(server.config.watchPort);
    watch.send(watchFrame(MUM, 'LK,1,0,66'));
    await watch.next((f) => f.includes('LK'));
    watch.send(watchFrame(DEMO_WATCHES[1].imei, 'LK,1,0,5'));
    watch.send(watchFrame(MUM, 'LK,2,0,65'));
    await watch.next((f) => f.includes('LK'), 1);
    const refused = await db().selectFrom('device_messages').select(['detail']).where('device_id', '=', mum.id).where('outcome', '=', 'rejected').execute();
    expect(refused.map((r) => r.detail)).toContain('another device on this connection');
    watch.end();
  });

  it('survives arbitrary bytes, split at random, on many connections, while a real watch is answered', async () => {
    const port = server.config.watchPort;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 1, maxLength: 300 }), { minLength: 1, maxLength: 6 }), async (parts) => {
        const socket = net.connect({ host: '127.0.0.1', port });
        socket.on('error', () => undefined);
        await new Promise((r) => socket.once('connect', r));
        for (const p of parts) socket.write(p);
        socket.destroy();
      }),
      { numRuns: 60 },
    );
    const watch = await WatchClient.connect(port);
    const started = Date.now();
    watch.send(watchFrame(MUM, 'LK,3,0,64'));
    expect(await watch.next((f) => f.includes('LK'))).toBe(`[3G*${MUM}*0002*LK]`);
    expect(Date.now() - started).toBeLessThan(2000);
    watch.end();
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
  });

  it('takes an Eview frame on its own port, stores it and answers with the acknowledgement the device waits for', async () => {
    const bytes = Buffer.from(samples.samples[1]!.hex, 'hex');
    const decoded = eviewCodec.decode(bytes, new Date());
    // Decoding leaves the frame as it was (the port may decode a frame twice: once for its urgency).
    expect(bytes.toString('hex')).toBe(samples.samples[1]!.hex);
    if (!decoded.ok) throw new Error(decoded.reason);
    const { mum } = await demoDevices(db());
    const id = randomUUID();
    await db().insertInto('devices').values({ id, tenant_id: mum.tenant_id, owner_user_id: mum.owner_user_id, name: 'Eview watch', imei: decoded.message.deviceId, concurrency_stamp: randomUUID() }).execute();
    const { received } = await raw(server.config.eviewPort, bytes);
    expect(received.toString('hex')).toBe(Buffer.from(decoded.message.reply!).toString('hex'));
    const stored = await db().selectFrom('device_messages').select(['outcome', 'payload']).where('device_id', '=', id).execute();
    expect(stored).toEqual([{ outcome: 'stored', payload: bytes.toString('hex') }]);
    // The test's socket closed after the answer: the connection is gone again.
    const connection = () => db().selectFrom('device_connections').select('protocol').where('device_id', '=', id).executeTakeFirst();
    for (let i = 0; i < 100 && (await connection()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await connection()).toBeUndefined();
  });
});
