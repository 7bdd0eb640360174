import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** Geofence evaluation, events and alarms: mail and in-app messages to receivers, live events over SSE fanned out by LISTEN/NOTIFY. */
export async function alarmsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
