// `npm run simulate`: the demo watches walk out of the caregiver's home zone and back, over OsmAnd
// HTTP (default) or as 3G or Eview watches over TCP. Options: `npm run simulate -- --help` (args.ts).
import { DEMO_HOME } from '../../server/seed/demo';
import { ALARMS } from './alarms';
import { parseCli, USAGE, UsageError } from './args';
import { listenForKeys } from './keys';
import { simulate } from './osmand';
import { TcpWalk } from './tcp-walk';

let options;
try {
  options = parseCli(process.argv.slice(2), process.env);
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  console.error(`${err.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}

const zone = `the zone around ${DEMO_HOME.lat},${DEMO_HOME.lon} (${DEMO_HOME.radius} m)`;
if (options.protocol === 'osmand') {
  const o = options.osmand;
  console.log(`Walking ${o.imeis.length} watch(es) out of ${zone} via ${o.url}`);
  const { sent, failed } = await simulate(o);
  console.log(`${sent} fixes stored, ${failed} refused or failed.`);
  process.exit(failed ? 1 : 0);
} else {
  const o = { ...options.tcp, stay: options.tcp.stay || process.stdin.isTTY === true };
  const walk = new TcpWalk(o);
  console.log(`Walking ${o.watches.length} ${o.protocol === 'watch' ? '3G' : 'Eview'} watch(es) out of ${zone} via ${o.host}:${o.port}`);
  const quit = () => void walk.stop();
  const restore = listenForKeys({ alarm: (name) => walk.raise(name), quit });
  if (process.stdin.isTTY) console.log(`Keys: ${Object.values(ALARMS).map((a) => `${a.key} = ${a.label}`).join(', ')}, q = quit.`);
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
  const { sent, failed, connections } = await walk.run();
  restore();
  console.log(`${sent} fixes sent, ${failed} never sent; ${connections} connection(s).`);
  process.exit(failed ? 1 : 0);
}
