import { parseArgs } from 'node:util';
import { DEMO_HOME, DEMO_WATCHES } from '../../server/seed/demo';
import { TCP_PROTOCOLS } from '../../server/protocols/registry';
import { ALARM_NAMES, ALARMS, type AlarmSchedule } from './alarms';
import type { SimulationOptions } from './osmand';
import type { TcpProtocol, TcpWalkOptions } from './tcp-walk';

export const USAGE = `npm run simulate -- [options]

The demo watches (or those given) walk out of the demo home's safe zone and back.

  --protocol osmand|watch|eview  osmand (default): HTTP to the ingest, as the Traccar Client app;
                                 watch: the 3G/SeTracker protocol over TCP; eview: Eview EV-04/05/07 over TCP
  --imei <imei>                  a watch to walk (repeat for more; default: the demo watches)
  --steps <n>                    fixes per watch, half out and half back (default 16, at least 3)
  --interval <ms>                between two fixes (default 2000)
  --sos-at <step>                raise SOS at that step (1-based: that step's fix is the alarm)
  --fall-at <step>               raise a fall at that step
  --off-wrist-at <step>          raise "taken off the wrist" at that step (3G and OsmAnd; Eview has none)
osmand:
  --url <url>                    the ingest (default http://localhost:$INGEST_PORT, else 5055)
watch, eview:
  --host <host>                  the server (default 127.0.0.1)
  --port <port>                  default $WATCH_PORT else 5093 (watch), $EVIEW_PORT else 5187 (eview)
  --heartbeat <s>                between two heartbeats (default 30; one on each connection too)
  --id <id>                      the id the n-th 3G watch sends (repeat; default: its IMEI's last 10 digits)
  --stay                         keep the connections after the walk (always when stdin is a terminal)
  In a terminal: s = SOS, f = fall, w = off the wrist (every watch), q = quit.
`;

export class UsageError extends Error {}

export type CliOptions = { protocol: 'osmand'; osmand: SimulationOptions } | { protocol: TcpProtocol; tcp: TcpWalkOptions };

const PROTOCOLS = ['osmand', 'watch', 'eview'] as const;
/** What an id in a 3G frame's head may hold: printable ASCII but its delimiters. */
const WATCH_ID = /^[\x21-\x29\x2b\x2d-\x5a\x5c\x5e-\x7c\x7e]{1,32}$/;
/** An Eview's IMEI record holds 15 ASCII characters. */
const EVIEW_IMEI = /^[\x21-\x7e]{1,15}$/;

function integer(flag: string, value: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new UsageError(`--${flag} takes a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''} (got "${value}")`);
  return n;
}

/** The options of `npm run simulate -- ...`; a UsageError says what is wrong. */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        protocol: { type: 'string' },
        imei: { type: 'string', multiple: true },
        id: { type: 'string', multiple: true },
        steps: { type: 'string' },
        interval: { type: 'string' },
        url: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        heartbeat: { type: 'string' },
        stay: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(ALARM_NAMES.map((name) => [ALARMS[name].flag, { type: 'string' as const }])),
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) return 'help';
  const protocol = PROTOCOLS.find((p) => p === (values.protocol ?? 'osmand'));
  if (protocol === undefined) throw new UsageError(`--protocol is one of ${PROTOCOLS.join(', ')} (got "${values.protocol}")`);
  const imeis = values.imei ?? DEMO_WATCHES.map((w) => w.imei);
  const steps = integer('steps', values.steps, 16, 3);
  const intervalMs = integer('interval', values.interval, 2000, 0);
  const alarms: AlarmSchedule = {};
  for (const name of ALARM_NAMES) {
    const flag = ALARMS[name].flag;
    const at = (values as Record<string, unknown>)[flag];
    if (typeof at === 'string') alarms[name] = integer(flag, at, 0, 1, steps);
  }
  const given = (flags: readonly string[]) => flags.filter((f) => (values as Record<string, unknown>)[f] !== undefined).map((f) => `--${f}`);

  if (protocol === 'osmand') {
    const misplaced = given(['host', 'port', 'heartbeat', 'id', 'stay']);
    if (misplaced.length) throw new UsageError(`${misplaced.join(', ')}: for --protocol watch or eview`);
    const url = values.url ?? `http://localhost:${env.INGEST_PORT ?? 5055}`;
    return { protocol, osmand: { url, imeis, intervalMs, steps, home: DEMO_HOME, alarms } };
  }

  if (values.url !== undefined) throw new UsageError('--url: for --protocol osmand (watch and eview take --host and --port)');
  const ids = values.id ?? [];
  if (protocol === 'eview' && ids.length) throw new UsageError('--id: for --protocol watch (an Eview sends its IMEI)');
  if (ids.length > imeis.length) throw new UsageError(`--id given ${ids.length} times for ${imeis.length} watch(es)`);
  const badId = ids.find((id) => !WATCH_ID.test(id));
  if (badId !== undefined) throw new UsageError(`--id "${badId}": up to 32 printable characters, without * [ ] , or }`);
  const badImei = protocol === 'eview' ? imeis.find((imei) => !EVIEW_IMEI.test(imei)) : imeis.find((imei) => !WATCH_ID.test(imei.slice(-10)));
  if (badImei !== undefined) throw new UsageError(`--imei "${badImei}": ${protocol === 'eview' ? 'up to 15 printable characters' : 'not an id a 3G watch can send (give --id)'}`);
  const { defaultPort } = TCP_PROTOCOLS.find((codec) => codec.name === protocol)!;
  const envPort = protocol === 'watch' ? env.WATCH_PORT : env.EVIEW_PORT;
  const port = integer('port', values.port ?? envPort, defaultPort, 1, 65_535);
  const heartbeatMs = integer('heartbeat', values.heartbeat, 30, 1) * 1000;
  return {
    protocol,
    tcp: {
      protocol,
      host: values.host ?? '127.0.0.1',
      port,
      watches: imeis.map((imei, i) => ({ imei, ...(ids[i] !== undefined && { id: ids[i] }) })),
      intervalMs,
      steps,
      heartbeatMs,
      home: DEMO_HOME,
      alarms,
      stay: values.stay ?? false,
    },
  };
}
