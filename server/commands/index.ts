import type { FastifyInstance } from 'fastify';
import { logFailure } from '../db/health';
import type { ModuleContext } from '../module-context';
import { commandRoutes } from './command-routes';
import { expireCommands } from './command-states';
import { settingsRoutes } from './settings-routes';
import { createSmsGateway } from './sms-gateway';

export { logCommand, recentCommands, type CommandDto } from './command-log';
export {
  COMMAND_LIFETIMES,
  expireCommands,
  markCommandAcknowledged,
  markCommandFailed,
  markCommandSent,
  queuedCommands,
  recordReportedSettings,
  sentCommands,
} from './command-states';
export { toDeviceCommand, type QueuedDeviceCommand } from './catalogue';
export { MODEL_PROTOCOLS, protocolOfModel, type DeviceProtocol } from './models';

/** How often a worker node expires queued commands whose time ran out (a lifetime is an hour at the least). */
export const EXPIRY_SWEEP_MS = 5 * 60_000;

/** Commands to devices: terminalCommand, requestPosition/requestHistory, device settings per model (wanted versus reported). */
export async function commandsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const sms = createSmsGateway(ctx.config, app.log);
  await commandRoutes(app, ctx.db, sms);
  await settingsRoutes(app, ctx.db);

  if (ctx.config.workers) {
    // Several worker nodes may sweep at once: each command expires once (command-states.ts transition).
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      expireCommands(ctx.db)
        .then((expired) => {
          if (expired) app.log.info({ expired }, 'commands: queued commands expired');
        })
        .catch((err: unknown) => logFailure(app.log, err, 'commands: expiry sweep failed'))
        .finally(() => (sweeping = false));
    }, EXPIRY_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
