import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** Device stock: hostData batch create and SIM pairing, stop reasons, exchange flow, orders, data reports, troubleshooting. */
export async function deviceStockModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
