import { describe, expect, it } from 'vitest';
import { DEMO_HOME, DEMO_WATCHES } from '../../server/seed/demo';
import { parseCli, UsageError } from '../../scripts/simulate/args';
import { actionsOf } from '../../scripts/simulate/keys';

/** `npm run simulate -- ...`: the options each protocol takes, their defaults, and clear refusals. */
const parse = (args: string[], env: NodeJS.ProcessEnv = {}) => parseCli(args, env);
const refusal = (args: string[]) => {
  try {
    parse(args);
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  throw new Error('accepted');
};

describe('simulate options', () => {
  it('osmand by default, as before: the demo watches to the ingest port', () => {
    expect(parse([])).toEqual({
      protocol: 'osmand',
      osmand: { url: 'http://localhost:5055', imeis: DEMO_WATCHES.map((w) => w.imei), intervalMs: 2000, steps: 16, home: DEMO_HOME, alarms: {} },
    });
    expect(parse(['--url', 'http://127.0.0.1:9', '--imei', '1', '--imei', '2', '--steps', '10', '--interval', '1000', '--sos-at', '4'], { INGEST_PORT: '7' })).toMatchObject({
      osmand: { url: 'http://127.0.0.1:9', imeis: ['1', '2'], steps: 10, intervalMs: 1000, alarms: { sos: 4 } },
    });
    expect(parse([], { INGEST_PORT: '7000' })).toMatchObject({ osmand: { url: 'http://localhost:7000' } });
  });

  it('watch and eview: 127.0.0.1 on their ports (WATCH_PORT, EVIEW_PORT) or --host and --port', () => {
    expect(parse(['--protocol', 'watch'])).toMatchObject({ tcp: { protocol: 'watch', host: '127.0.0.1', port: 5093, heartbeatMs: 30_000, stay: false, watches: DEMO_WATCHES.map((w) => ({ imei: w.imei })) } });
    expect(parse(['--protocol', 'eview'])).toMatchObject({ tcp: { protocol: 'eview', port: 5187 } });
    expect(parse(['--protocol', 'watch'], { WATCH_PORT: '6093', EVIEW_PORT: '6187' })).toMatchObject({ tcp: { port: 6093 } });
    expect(parse(['--protocol', 'eview'], { WATCH_PORT: '6093', EVIEW_PORT: '6187' })).toMatchObject({ tcp: { port: 6187 } });
    expect(parse(['--protocol', 'watch', '--host', 'vigil.local', '--port', '7000', '--heartbeat', '5', '--stay'])).toMatchObject({ tcp: { host: 'vigil.local', port: 7000, heartbeatMs: 5000, stay: true } });
  });

  it('a 3G watch sends its IMEI’s last 10 digits, or the --id given for it', () => {
    expect(parse(['--protocol', 'watch', '--id', '1234567890'])).toMatchObject({ tcp: { watches: [{ imei: DEMO_WATCHES[0].imei, id: '1234567890' }, { imei: DEMO_WATCHES[1].imei }] } });
  });

  it('schedules the alarms at a step of the walk', () => {
    expect(parse(['--protocol', 'watch', '--sos-at', '3', '--fall-at', '5', '--off-wrist-at', '16'])).toMatchObject({ tcp: { alarms: { sos: 3, fall: 5, offWrist: 16 } } });
  });

  it('refuses what it cannot do, saying why', () => {
    expect(refusal(['--protocol', 'gt06'])).toBe('--protocol is one of osmand, watch, eview (got "gt06")');
    expect(refusal(['--protocol', 'watch', '--url', 'http://x'])).toMatch(/^--url: for --protocol osmand/);
    expect(refusal(['--port', '5093'])).toBe('--port: for --protocol watch or eview');
    expect(refusal(['--protocol', 'eview', '--id', '1'])).toMatch(/^--id: for --protocol watch/);
    expect(refusal(['--protocol', 'watch', '--id', '1', '--id', '2', '--id', '3'])).toBe('--id given 3 times for 2 watch(es)');
    expect(refusal(['--protocol', 'watch', '--id', 'a*b'])).toMatch(/^--id "a\*b"/);
    expect(refusal(['--protocol', 'eview', '--imei', '1234567890123456'])).toBe('--imei "1234567890123456": up to 15 printable characters');
    expect(refusal(['--sos-at', '17'])).toBe('--sos-at takes a whole number from 1 to 16 (got "17")');
    expect(refusal(['--steps', '2'])).toBe('--steps takes a whole number from 3 (got "2")');
    expect(refusal(['--protocol', 'watch', '--port', '70000'])).toBe('--port takes a whole number from 1 to 65535 (got "70000")');
    expect(refusal(['--interval', '-1'])).toMatch(/--interval/);
    expect(refusal(['--bogus'])).toMatch(/bogus/);
  });

  it('--help', () => expect(parse(['--help'])).toBe('help'));
});

describe('simulate keys in a terminal', () => {
  it('s, f and w raise SOS, a fall and off-the-wrist; q and Ctrl-C quit; other keys do nothing', () => {
    expect(actionsOf('sxfw\u001b[Aq\u0003')).toEqual(['sos', 'fall', 'offWrist', 'quit', 'quit']);
  });
});
