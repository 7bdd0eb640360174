import type { FastifyInstance } from 'fastify';
import type { RequestTypes } from '../http/route-schemas';
import type { ModuleContext } from '../module-context';
import { fieldLabel } from './bodies';
import { avatarRoutes } from './avatar-routes';
import { languageRoutes } from './language-routes';
import { passkeyRoutes } from './passkey-routes';
import { authenticatorRoutes } from './authenticator-routes';
import { accountSessionRoutes } from './session-routes';
import { profileRoutes } from './profile-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { registrationRoutes } from './registration-routes';
import { transferRoutes } from './transfer-routes';

/** Caregiver self-service: registration, a forgotten password (any user's), profile, avatar, password, account transfer and deletion (/api/plugandplay/profile/*, /api/plugandplay/avatar). */
export async function accountsModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  // Refused requests name their fields with the profile's labels unless a route has its own.
  app.addHook('onRoute', (route) => {
    route.config = { fieldLabel, ...route.config };
  });
  const api = app.withTypeProvider<RequestTypes>();
  await registrationRoutes(api, ctx);
  await passwordResetRoutes(api, ctx);
  await profileRoutes(api, ctx);
  await languageRoutes(api, ctx);
  await transferRoutes(api, ctx);
  await avatarRoutes(api, ctx);
  await passkeyRoutes(api, ctx);
  await authenticatorRoutes(api, ctx);
  await accountSessionRoutes(api, ctx);
}
