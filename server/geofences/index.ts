import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** Geofences: /api/app/geofences, geofence-circulars, geofence-polygons, geofenceLink/postMultiple. */
export async function geofencesModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
