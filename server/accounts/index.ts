import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { avatarRoutes } from './avatar-routes';
import { passkeyRoutes } from './passkey-routes';
import { authenticatorRoutes } from './authenticator-routes';
import { accountSessionRoutes } from './session-routes';
import { profileRoutes } from './profile-routes';
import { registrationRoutes } from './registration-routes';
import { transferRoutes } from './transfer-routes';

/** Caregiver self-service: registration, profile, avatar, password, account transfer and deletion (/api/plugandplay/profile/*, /api/plugandplay/avatar). */
export async function accountsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await registrationRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await transferRoutes(app, ctx);
  await avatarRoutes(app, ctx);
  await passkeyRoutes(app, ctx);
  await authenticatorRoutes(app, ctx);
  await accountSessionRoutes(app, ctx);
}
