import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { DecodedPosition, ProtocolCodec } from '../../server/protocols/types';
import { DEMO_HOME } from '../../server/seed/demo';
import { TcpWalk, type Point, type TcpWalkOptions, type TcpWalkSummary } from '../../scripts/simulate';
import { ProtocolStandIn } from './protocol-stand-in';

/**
 * A test file's protocol stand-in and the simulated walks against it: the stand-in starts before
 * the file's tests, each test's walk is stopped after it (and what was received and logged is
 * forgotten), the stand-in closes after the file.
 */
export function simulatedWalks(codec: ProtocolCodec<'watch' | 'eview'>, imei: string) {
  const harness = {
    server: null as unknown as ProtocolStandIn,
    walk: null as TcpWalk | null,
    lines: [] as string[],
    /** One watch walking `steps` fixes 120 ms apart, staying connected unless told otherwise. */
    walking(options: Partial<TcpWalkOptions> = {}): { walk: TcpWalk; done: Promise<TcpWalkSummary> } {
      const walk = new TcpWalk({
        protocol: codec.name,
        host: '127.0.0.1',
        port: harness.server.port,
        watches: [{ imei }],
        intervalMs: 120,
        steps: 8,
        heartbeatMs: 60_000,
        home: DEMO_HOME,
        stay: true,
        backoff: { minMs: 50, maxMs: 200 },
        log: (line) => harness.lines.push(line),
        ...options,
      });
      harness.walk = walk;
      return { walk, done: walk.run() };
    },
  };
  beforeAll(async () => {
    harness.server = await ProtocolStandIn.start(codec);
  });
  afterEach(async () => {
    await harness.walk?.stop();
    harness.walk = null;
    harness.server.received.length = 0;
    harness.server.refused.length = 0;
    harness.lines.length = 0;
  });
  afterAll(() => harness.server.close());
  return harness;
}

/**
 * The walk's fixes as the decoder read them: one a step on the route, a GPS fix, the battery
 * going down 2 points a step from 80 %, no alarm; each stamped a second after the one before at
 * least (the ingest keeps one a second) from the walk's start, never far ahead of now.
 */
export function expectOnRoute(positions: readonly DecodedPosition[], route: readonly Point[], startedAt: number): void {
  expect(positions).toHaveLength(route.length);
  let lastTime = 0;
  positions.forEach((p, i) => {
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(route[i]!.lat, 6);
    expect(p.longitude).toBeCloseTo(route[i]!.lon, 6);
    expect(p.battery).toBe(80 - 2 * i);
    expect(p.alarms).toEqual([]);
    expect(p.fixTime.getTime()).toBeGreaterThan(lastTime);
    expect(p.fixTime.getTime()).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) * 1000);
    expect(p.fixTime.getTime()).toBeLessThan(Date.now() + 15_000);
    lastTime = p.fixTime.getTime();
  });
}
