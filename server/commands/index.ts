import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** Commands to devices: terminalCommand, requestPosition/requestHistory, device settings per model (wanted versus reported). */
export async function commandsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
