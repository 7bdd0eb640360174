import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { geocoderOf } from './geocoder';
import { placeRoutes } from './place-routes';

/** Geocoding: "Find a place" by address (GET /api/app/places); alarms' addresses use the geocoder directly. */
export async function geocodingModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await placeRoutes(app, ctx.db, geocoderOf(ctx.config));
}
