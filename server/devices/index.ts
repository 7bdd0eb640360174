import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { deviceManageRoutes } from './device-manage-routes';
import { productInstanceRoutes } from './product-instance-routes';
import { receiverRoutes } from './receiver-routes';

/**
 * The caregiver's devices: /api/plugandplay/devicemanage/* (add, rename, list, model lookup),
 * the dashboard reads and delete under /api/app/productInstance, and alarm receivers per device
 * (/api/plugandplay/profile/invite-user, invited-by-user, delete-invited-user).
 */
export async function devicesModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await app.register(deviceManageRoutes, { db: ctx.db });
  await app.register(productInstanceRoutes, { db: ctx.db });
  await app.register(receiverRoutes, { db: ctx.db, config: ctx.config });
}
