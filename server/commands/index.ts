import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { commandRoutes } from './command-routes';
import { settingsRoutes } from './settings-routes';
import { createSmsGateway } from './sms-gateway';

export { recordReportedSettings } from './device-settings';
export { takeQueuedCommands, markCommand } from './command-log';

/** Commands to devices: terminalCommand, requestPosition/requestHistory, device settings per model (wanted versus reported). */
export async function commandsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const sms = createSmsGateway(ctx.config, app.log);
  await commandRoutes(app, ctx.db, sms);
  await settingsRoutes(app, ctx.db);
}
