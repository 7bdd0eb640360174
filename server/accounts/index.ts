import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** Caregiver self-service: registration, profile, avatar, password, invites, account transfer and deletion (/api/plugandplay/profile/*). */
export async function accountsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
