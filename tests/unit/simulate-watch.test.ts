import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchCodec } from '../../server/protocols/watch';
import type { DecodedPosition } from '../../server/protocols/types';
import { DEMO_HOME, DEMO_WATCHES } from '../../server/seed/demo';
import { defaultWatchId, route } from '../../scripts/simulate';
import { ProtocolStandIn, type Received } from '../support/protocol-stand-in';
import { expectOnRoute, simulatedWalks } from '../support/simulated-walk';

/**
 * `npm run simulate -- --protocol watch`: the simulated 3G watch against a TCP server of the
 * test's own that reads it with the project's framer and decoder and answers as the server does.
 */
const IMEI = DEMO_WATCHES[0].imei;
const ID = defaultWatchId(IMEI);
const STEPS = 8; // the harness's default walk
const ROUTE = route(DEMO_HOME, 45, STEPS);
const isFix = (r: Received) => r.message.positions.length > 0;
const positionOf = (r: Received): DecodedPosition => r.message.positions[0]!;
const command = (type: 'positionSingle' | 'findDevice' | 'rebootDevice') => watchCodec.encode(ID, { type, attributes: { tag: '3G' } })!;

const sim = simulatedWalks(watchCodec, IMEI);
const { lines, walking } = sim;

describe('simulate --protocol watch', () => {
  it('sends a heartbeat with steps, rolls and battery, then walks the route out and back in UD frames the decoder reads', async () => {
    const started = Date.now();
    walking();
    const fixes = await sim.server.waitForCount(isFix, STEPS);
    const first = sim.server.received[0]!;
    expect(first.message).toMatchObject({ deviceId: ID, type: 'LK', status: { steps: 0, rolls: 0, batteryLevel: 80 } });
    expect(String.fromCharCode(...first.frame)).toBe(`[3G*${ID}*0009*LK,0,0,80]`);

    expectOnRoute(fixes.map(positionOf), ROUTE, started);
    let lastSteps = -1;
    for (const fix of fixes) {
      expect(fix.message).toMatchObject({ deviceId: ID, type: 'UD' });
      expect(positionOf(fix).network?.cellTowers?.[0]).toMatchObject({ mobileCountryCode: 238, mobileNetworkCode: 1 });
      expect(positionOf(fix).attributes.steps).toBeGreaterThanOrEqual(lastSteps);
      lastSteps = Number(positionOf(fix).attributes.steps);
    }
    // Out of the zone at the far end, walking (the status word's motion bit) and counting steps.
    expect(positionOf(fixes[3]!).attributes).toMatchObject({ motion: true });
    expect(lastSteps).toBeGreaterThan(400);
    expect(sim.server.refused).toEqual([]);
  });

  it('raises SOS, a fall and off-the-wrist as AL frames with the status bits the decoder reads, and takes the AL answer silently', async () => {
    walking({ alarms: { sos: 2, fall: 4, offWrist: 5 } });
    const fixes = await sim.server.waitForCount(isFix, STEPS);
    const alarms = fixes.map((f) => [f.message.type, positionOf(f).alarms]);
    expect(alarms).toEqual([
      ['UD', []],
      ['AL', ['sos']],
      ['UD', []],
      ['AL', ['fallDown']],
      ['AL', ['removing']],
      ['UD', []],
      ['UD', []],
      ['UD', []],
    ]);
    // The alarm carries the place of its step.
    expect(positionOf(fixes[1]!).latitude).toBeCloseTo(ROUTE[1]!.lat, 6);
    // Raised on demand (a key in a terminal) at the watch's place now.
    const from = sim.server.received.length;
    sim.walk!.raise('sos');
    sim.walk!.raise('offWrist');
    const sos = await sim.server.waitFor((r) => isFix(r) && positionOf(r).alarms.includes('sos'), from);
    const removing = await sim.server.waitFor((r) => isFix(r) && positionOf(r).alarms.includes('removing'), from);
    expect(positionOf(sos).latitude).toBeCloseTo(ROUTE[STEPS - 1]!.lat, 6);
    expect(positionOf(removing).fixTime.getTime()).toBeGreaterThan(positionOf(sos).fixTime.getTime());
    // The server answered each AL with [3G*ID*0002*AL]; a watch does not answer an answer.
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.server.received.filter((r) => r.message.acknowledged !== null)).toEqual([]);
    expect(lines.filter((l) => l.includes('not a command'))).toEqual([]);
  });

  it('echoes a command with its keyword, and on CR sends a fresh position at once', async () => {
    walking({ steps: 3, intervalMs: 50 });
    await sim.server.waitForCount(isFix, 3);
    let from = sim.server.received.length;
    sim.server.send(command('findDevice'));
    const find = await sim.server.waitFor((r) => r.message.acknowledged !== null, from);
    expect(find.message).toMatchObject({ deviceId: ID, type: 'FIND', acknowledged: 'FIND' });
    expect(String.fromCharCode(...find.frame)).toBe(`[3G*${ID}*0004*FIND]`);

    from = sim.server.received.length;
    const asked = Date.now();
    sim.server.send(command('positionSingle'));
    const echo = await sim.server.waitFor((r) => r.message.acknowledged === 'CR', from);
    const fresh = await sim.server.waitFor(isFix, from, 1000);
    expect(sim.server.received.indexOf(fresh)).toBeGreaterThan(sim.server.received.indexOf(echo));
    expect(fresh.at.getTime() - asked).toBeLessThan(1000);
    expect(positionOf(fresh).latitude).toBeCloseTo(DEMO_HOME.lat, 6);
    expect(lines.some((l) => l.includes('command CR: acknowledged') && l.startsWith(`3G watch ${ID}`))).toBe(true);
  });

  it('reconnects with backoff when the connection drops, heartbeats again and sends the fixes it kept meanwhile', async () => {
    const { done } = walking({ stay: false, intervalMs: 100, steps: 10 });
    const [first] = await sim.server.waitForCount(isFix, 3);
    await sim.server.away();
    await new Promise((r) => setTimeout(r, 350));
    await sim.server.back();
    const again = await sim.server.waitFor((r) => r.connection === first!.connection + 1 && r.message.type === 'LK');
    expect(again.message.deviceId).toBe(ID);
    const summary = await done;
    const fixes = sim.server.received.filter(isFix);
    // Every step arrives once, in order, whichever connection carried it.
    expect(fixes.map((f) => positionOf(f).battery)).toEqual(Array.from({ length: 10 }, (_, i) => 80 - 2 * i));
    expect(summary).toEqual({ sent: 10, failed: 0, connections: 2 });
    expect(lines.some((l) => l.includes('connection lost'))).toBe(true);
    expect(lines.some((l) => l.includes('offline: kept to send on reconnecting'))).toBe(true);
    expect(lines.some((l) => /sent \d fix\(es\) kept while offline/.test(l))).toBe(true);
  });

  it('keeps trying while the server is away, waiting longer each time', async () => {
    const away = await ProtocolStandIn.start(watchCodec);
    const port = away.port;
    await away.close();
    walking({ port, backoff: { minMs: 40, maxMs: 160 } });
    const waits = () => lines.filter((l) => l.includes('cannot connect')).map((l) => Number(/again in ([\d.]+) s/.exec(l)?.[1]));
    await expect.poll(() => waits().length, { timeout: 4000 }).toBeGreaterThanOrEqual(4);
    expect(waits().slice(0, 4)).toEqual([0.04, 0.08, 0.16, 0.16]);
  });

  it('survives garbage from the server and still answers the command after it', async () => {
    walking({ steps: 3, intervalMs: 50 });
    const [first] = await sim.server.waitForCount(isFix, 3);
    const from = sim.server.received.length;
    const garbage = Buffer.concat([
      Buffer.from('[3G*xx*zzzz*CR]][[[**]\u0000\u00ff[SG*'),
      Buffer.from(`[SG*${ID}*0005*HELLO][SG*0000000000*0002*CR][SG*${ID}*0002*LK]`),
      Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 97) % 256)),
    ]);
    sim.server.send(garbage);
    sim.server.send(command('rebootDevice'));
    const reset = await sim.server.waitFor((r) => r.message.acknowledged === 'RESET', from);
    expect(reset.connection).toBe(first!.connection);
    // Not a command it knows, and a CR for another watch: neither answered.
    expect(sim.server.received.slice(from).filter((r) => r.message.acknowledged !== null).map((r) => r.message.type)).toEqual(['RESET']);
  });
});

describe('npm run simulate -- --protocol watch', () => {
  it('walks the demo watches with their IMEI’s last 10 digits as ids, and ends when the walk is done', async () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/simulate/cli.ts', '--protocol', 'watch', '--port', String(sim.server.port), '--steps', '3', '--interval', '100', '--sos-at', '2'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain('6 fixes sent, 0 never sent; 2 connection(s).');
    for (const watch of DEMO_WATCHES) {
      expect(output).not.toContain(watch.imei);
      const fixes = sim.server.received.filter((r) => r.message.deviceId === defaultWatchId(watch.imei) && isFix(r));
      expect(fixes.map((f) => f.message.type)).toEqual(['UD', 'AL', 'UD']);
    }
  }, 30_000);
});
