import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ProtocolPort } from '../../server/ingest/tcp/port';
import { DEFAULT_LIMITS, type PortLimits } from '../../server/ingest/tcp/limits';
import type { CloseReason, FrameHandler, WatchConnection } from '../../server/ingest/tcp/connection';
import { watchCodec } from '../../server/protocols/watch';
import { watchFrame, report } from '../support/watch-client';

/**
 * A protocol port's limits against hostile peers, over real sockets. The handler here records what
 * the port hands it (the ingest behind it is tested through the real server in tests/api).
 */
class Recorder implements FrameHandler {
  readonly frames: string[] = [];
  readonly closes: CloseReason[] = [];
  /** Identify the connection on its first frame (as a known watch would be). */
  constructor(private readonly delayMs = 0) {}
  async frame(connection: WatchConnection, frame: Uint8Array): Promise<void> {
    const text = Buffer.from(frame).toString('latin1');
    if (text.includes('GARBAGE')) return connection.refused();
    if (!connection.identified) connection.identify('1', { id: '1', tenantId: null, name: 'w', citizenId: null });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    this.frames.push(text);
  }
  closed(_c: WatchConnection, reason: CloseReason): void {
    this.closes.push(reason);
  }
}

const ports: ProtocolPort[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const p of ports.splice(0)) await p.close();
});

async function open(limits: Partial<PortLimits>, handler = new Recorder()) {
  const port = new ProtocolPort(watchCodec, handler, { ...DEFAULT_LIMITS, ...limits });
  ports.push(port);
  return { port, handler, number: await port.listen(0, '127.0.0.1') };
}

function connect(port: number): Promise<net.Socket & { closedAt?: number }> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => resolve(s));
    s.on('error', () => undefined);
    s.once('error', reject);
    sockets.push(s);
  });
}

const closed = (s: net.Socket, ms = 3000) =>
  new Promise<boolean>((resolve) => {
    if (s.destroyed) return resolve(true);
    const t = setTimeout(() => resolve(false), ms);
    s.once('close', () => {
      clearTimeout(t);
      resolve(true);
    });
  });

const until = async (ok: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

describe('a protocol port against hostile peers', () => {
  it('closes a connection that never sends a valid frame, and one that trickles a frame too slowly', async () => {
    const { number, handler } = await open({ helloMs: 200 });
    const silent = await connect(number);
    const slow = await connect(number);
    // A watch that said hello, then starts a frame it never finishes.
    slow.write(`${watchFrame('1', 'LK,1,0,50')}[3G*1*0010*LK,`);
    expect(await closed(silent)).toBe(true);
    expect(await closed(slow)).toBe(true);
    expect(handler.closes.sort()).toEqual(['noHello', 'slowFrame']);
  });

  it('closes a connection after a few frames that are not good, and never reads binary garbage as frames', async () => {
    const { number, handler } = await open({ maxBadFrames: 3 });
    const s = await connect(number);
    s.write(Buffer.from([0x00, 0xff, 0x5b, 0x10, 0x2a, 0x2a, 0x5d, 0x7d, 0x05]));
    for (let i = 0; i < 3; i++) s.write(watchFrame('1', 'GARBAGE'));
    expect(await closed(s)).toBe(true);
    expect(handler.closes).toContain('badFrames');
    expect(handler.frames).toEqual([]);
  });

  it('refuses connections past the limit per address, and takes them again once some close', async () => {
    const { number, port } = await open({ connectionsPerAddress: 3 });
    const first = await Promise.all([0, 1, 2].map(() => connect(number)));
    await until(() => port.size === 3);
    const fourth = await connect(number);
    expect(await closed(fourth)).toBe(true);
    expect(port.refusals.tooMany).toBe(1);
    first[0]!.destroy();
    await until(() => port.size === 2);
    const again = await connect(number);
    expect(await closed(again, 300)).toBe(false);
  });

  it('drops frames over the rate, never an SOS, and closes a connection that keeps flooding', async () => {
    const { number, handler } = await open({ frameBurst: 5, framesPerSecond: 1, maxDroppedFrames: 50 });
    const s = await connect(number);
    const heartbeats = Array.from({ length: 20 }, () => watchFrame('1', 'LK,1,0,50')).join('');
    const sos = watchFrame('1', report('AL', { lat: 55, lon: 12, status: 1 << 16 }));
    s.write(heartbeats + sos);
    expect(await until(() => handler.frames.some((f) => f.includes('AL,')))).toBe(true);
    expect(handler.frames.filter((f) => f.includes('LK')).length).toBeLessThanOrEqual(6);
    s.write(Array.from({ length: 60 }, () => watchFrame('1', 'LK,1,0,50')).join(''));
    expect(await closed(s)).toBe(true);
    expect(handler.closes).toContain('flood');
  });

  it('skips an oversized frame, holds no more than the limit, and closes a frame that never ends', async () => {
    const { number, handler, port } = await open({ maxFrameBytes: 256, helloMs: 300 });
    const s = await connect(number);
    s.write(watchFrame('1', `TK,${'x'.repeat(600)}`) + watchFrame('1', 'LK,1,0,50'));
    expect(await until(() => handler.frames.length === 1)).toBe(true);
    expect(handler.frames[0]).toContain('LK');
    // Noise that never closes a frame, trickled: the connection is not kept alive by it.
    for (let i = 0; i < 5; i++) {
      s.write(`[3G*1*FFFF*TK,${'y'.repeat(100)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await closed(s)).toBe(true);
    expect(handler.closes).toContain('slowFrame');
    expect(port.size).toBe(0);
  });

  it('never holds one connection\'s frames behind another\'s slow ones', async () => {
    const handler = new Recorder(300);
    const { number } = await open({}, handler);
    const busy = await connect(number);
    busy.write(Array.from({ length: 10 }, (_, i) => watchFrame('1', `LK,${i},0,50`)).join(''));
    await new Promise((r) => setTimeout(r, 50));
    const other = await connect(number);
    const started = Date.now();
    other.write(watchFrame('2', 'LK,99,0,50'));
    expect(await until(() => handler.frames.some((f) => f.includes('LK,99')), 2000)).toBe(true);
    // One frame's handling (300 ms) at most: not the ten queued on the busy connection.
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
