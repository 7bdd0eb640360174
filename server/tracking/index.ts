import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { trackingRoutes } from './routes';

/** The dashboard's and Troubleshooting's reads of what the ingest stored: positions, trails, battery and event history, alarm settings. */
export async function trackingModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await app.register(trackingRoutes, { db: ctx.db });
}
