import { describe, expect, it } from 'vitest';
import { eviewCodec } from '../../server/protocols/eview';
import { ACK_REQUESTED, buildFrame, checkFrame } from '../../server/protocols/eview/frame';
import type { DecodedPosition } from '../../server/protocols/types';
import { DEMO_HOME, DEMO_WATCHES } from '../../server/seed/demo';
import { route } from '../../scripts/simulate';
import { POSITION_REQUEST } from '../../scripts/simulate/eview-device';
import type { Received } from '../support/protocol-stand-in';
import { expectOnRoute, simulatedWalks } from '../support/simulated-walk';

/**
 * `npm run simulate -- --protocol eview`: the simulated Eview against a TCP server of the test's
 * own that reads it with the project's framer and decoder and acknowledges as the server does.
 */
const IMEI = DEMO_WATCHES[1].imei;
const STEPS = 8; // the harness's default walk
const ROUTE = route(DEMO_HOME, 45, STEPS);
const isFix = (r: Received) => r.message.positions.length > 0;
const positionOf = (r: Received): DecodedPosition => r.message.positions[0]!;
const header = (r: Received) => {
  const checked = checkFrame(r.frame);
  if (!checked.ok) throw new Error(checked.reason);
  return checked.header;
};
/** A server message of a type and records, under a sequence number. */
const serverFrame = (content: number[], sequence = 0x0101) => buildFrame(Uint8Array.from(content), sequence);

const sim = simulatedWalks(eviewCodec, IMEI);
const { lines, walking } = sim;

describe('simulate --protocol eview', () => {
  it('sends a status without a place (battery, steps), then the route in GPS records, each frame numbered and asking for an acknowledgement', async () => {
    const started = Date.now();
    walking();
    const fixes = await sim.server.waitForCount(isFix, STEPS);
    const first = sim.server.received[0]!;
    expect(first.message).toMatchObject({ deviceId: IMEI, type: 'data', positions: [], status: { batteryLevel: 80, steps: 0, charge: false, motion: false } });
    // The server acknowledged each frame (its reply under the frame's sequence): the watch sent nothing back for it.
    const sequences = sim.server.received.map((r) => header(r).sequence);
    expect(sequences).toEqual(sequences.map((_, i) => sequences[0]! + i));
    for (const r of sim.server.received) {
      expect(header(r).properties & ACK_REQUESTED).toBe(ACK_REQUESTED);
      expect(r.message.reply).not.toBeNull();
    }

    expectOnRoute(fixes.map(positionOf), ROUTE, started);
    expect(fixes.every((f) => f.message.deviceId === IMEI)).toBe(true);
    expect(positionOf(fixes[3]!).attributes).toMatchObject({ motion: true, sat: 9 });
    expect(Number(positionOf(fixes[STEPS - 1]!).attributes.steps)).toBeGreaterThan(400);
    expect(sim.server.refused).toEqual([]);
  });

  it('raises SOS and a fall in its alarm record; it has no off-the-wrist alarm, and says so', async () => {
    walking({ alarms: { sos: 2, fall: 4, offWrist: 5 } });
    const fixes = await sim.server.waitForCount(isFix, STEPS);
    expect(fixes.map((f) => positionOf(f).alarms)).toEqual([[], ['sos'], [], ['fallDown'], [], [], [], []]);
    expect(positionOf(fixes[1]!).latitude).toBeCloseTo(ROUTE[1]!.lat, 6);
    expect(positionOf(fixes[4]!).latitude).toBeCloseTo(ROUTE[4]!.lat, 6);
    expect(lines.filter((l) => l.includes('taken off the wrist: no such alarm in the eview protocol'))).toHaveLength(1);

    const from = sim.server.received.length;
    sim.walk!.raise('fall');
    const fall = await sim.server.waitFor((r) => isFix(r) && positionOf(r).alarms.includes('fallDown'), from);
    expect(positionOf(fall).latitude).toBeCloseTo(ROUTE[STEPS - 1]!.lat, 6);
  });

  it('answers a configuration read with its configuration, a write with a response, both under the command’s sequence', async () => {
    walking({ steps: 3, intervalMs: 50 });
    await sim.server.waitForCount(isFix, 3);
    let from = sim.server.received.length;
    sim.server.send(eviewCodec.encode('', { type: 'custom', attributes: {} })!);
    const configuration = await sim.server.waitFor((r) => r.message.acknowledged !== null, from);
    expect(configuration.message).toMatchObject({ type: 'configuration', acknowledged: 'configuration', deviceId: IMEI, status: { imei: IMEI, heartbeatInterval: 60, batteryLevel: 76 } });
    expect(header(configuration).sequence).toBe(1);

    from = sim.server.received.length;
    sim.server.send(eviewCodec.encode('', { type: 'custom', attributes: { data: '054401020304' } })!);
    const response = await sim.server.waitFor((r) => r.message.acknowledged !== null, from);
    expect(response.message).toMatchObject({ type: 'response', acknowledged: 'response', status: { result: '0' } });
  });

  it('acknowledges a position request and sends a position at once', async () => {
    walking({ steps: 3, intervalMs: 50 });
    await sim.server.waitForCount(isFix, 3);
    const from = sim.server.received.length;
    const asked = Date.now();
    sim.server.send(serverFrame([0x04, 1, POSITION_REQUEST], 0x0777));
    const response = await sim.server.waitFor((r) => r.message.acknowledged === 'response', from);
    expect(header(response).sequence).toBe(0x0777);
    const fresh = await sim.server.waitFor(isFix, from, 1000);
    expect(fresh.at.getTime() - asked).toBeLessThan(1000);
    expect(positionOf(fresh).latitude).toBeCloseTo(DEMO_HOME.lat, 6);
    // A firmware update it cannot take is refused (result 1), not acknowledged.
    const before = sim.server.received.length;
    sim.server.send(serverFrame([0x04, 5, 0x30, 0x68, 0x74, 0x74, 0x70], 0x0778));
    const refused = await sim.server.waitFor((r) => r.message.type === 'response', before);
    expect(refused.message).toMatchObject({ acknowledged: null, status: { result: '1' } });
  });

  it('reconnects when the connection drops and sends the fixes it kept meanwhile; garbage from the server is skipped', async () => {
    const { done } = walking({ stay: false, intervalMs: 100, steps: 10 });
    const [first] = await sim.server.waitForCount(isFix, 3);
    sim.server.send(Uint8Array.from([0xab, 0xff, 0xff, 0, 1, 2, 3, 0xab, 3, 0, 9, 9, 0, 0, 0x7f, 1]));
    await sim.server.away();
    await new Promise((r) => setTimeout(r, 350));
    await sim.server.back();
    const again = await sim.server.waitFor((r) => r.connection === first!.connection + 1 && !isFix(r));
    expect(again.message.status).toMatchObject({ batteryLevel: expect.any(Number) });
    const summary = await done;
    expect(sim.server.received.filter(isFix).map((f) => positionOf(f).battery)).toEqual(Array.from({ length: 10 }, (_, i) => 80 - 2 * i));
    expect(summary).toEqual({ sent: 10, failed: 0, connections: 2 });
    expect(lines.some((l) => l.includes('offline: kept to send on reconnecting'))).toBe(true);
    expect(lines.every((l) => !l.includes(IMEI))).toBe(true);
  });
});
