import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** The caregiver's devices: /api/plugandplay/devicemanage/*, /api/app/productInstance dashboard calls, alarm receivers per device. */
export async function devicesModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
