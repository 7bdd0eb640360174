import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context';
import { TCP_PROTOCOLS, type TcpProtocolName } from '../../protocols/registry';
import type { DeviceDirectory } from '../device-directory';
import type { IngestPipeline } from '../pipeline';
import { CommandDispatch } from './commands';
import { DEFAULT_LIMITS } from './limits';
import { ProtocolPort } from './port';
import { TcpIngest } from './receive';
import { LiveSessions } from './sessions';
import { watchConnections } from '../metrics';

/** The setting that names each protocol's port (WATCH_PORT, EVIEW_PORT). */
const PORT_SETTING: Record<TcpProtocolName, 'watchPort' | 'eviewPort'> = { watch: 'watchPort', eview: 'eviewPort' };

/**
 * The watches' own protocols (server/protocols/registry.ts), each on its port with a connection
 * kept open per watch: frames into the ingest pipeline, commands out at once. A port set to -1 is
 * off; 0 takes a free one (the configuration then says which).
 */
export async function watchPorts(app: FastifyInstance, ctx: ModuleContext, directory: DeviceDirectory, pipeline: IngestPipeline): Promise<void> {
  const enabled = TCP_PROTOCOLS.filter((codec) => ctx.config[PORT_SETTING[codec.name]] >= 0);
  if (enabled.length === 0) return;
  const sessions = new LiveSessions(ctx.db, app.log);
  const ingest = new TcpIngest(directory, pipeline, sessions, app.log);
  const commands = new CommandDispatch(ctx.db, sessions, app.log);
  ingest.linkCommands(commands);
  const unlisten = await commands.start();
  const ports = enabled.map((codec) => ({ setting: PORT_SETTING[codec.name], port: new ProtocolPort(codec, ingest, { ...DEFAULT_LIMITS, connectionsPerAddress: ctx.config.watchConnectionsPerAddress }) }));
  app.addHook('onReady', async () => {
    for (const { setting, port } of ports) {
      ctx.config[setting] = await port.listen(ctx.config[setting], ctx.config.host);
      app.log.info({ port: ctx.config[setting], protocol: port.codec.name }, 'watch protocol listening');
    }
  });
  const unreport = ports.map(({ port }) => watchConnections.add(port));
  app.addHook('onClose', async () => {
    for (const stop of unreport) stop();
    await unlisten();
    sessions.stop();
    await Promise.all(ports.map(({ port }) => port.close()));
  });
}
