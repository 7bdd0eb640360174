import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { citizenCareRoutes } from './citizen-routes';
import { geofenceRoutes } from './geofence-routes';

/** Geofences: /api/app/geofences, geofence-circulars, geofence-polygons, geofenceLink/postMultiple; a citizen's devices, zones and alarm receivers. */
export async function geofencesModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await geofenceRoutes(app, ctx.db);
  if (ctx.engine.models.has('citizens')) await citizenCareRoutes(app, ctx.db);
}
