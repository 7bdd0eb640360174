import type { FastifyInstance } from 'fastify';
import { identityLabels } from './validation';
import type { Db } from '../db/database';
import { changePasswordRoute } from './account/change-password-route';
import { claimTypeRoutes } from './claim-types/routes';
import { organizationUnitAssignmentRoutes } from './organization-units/assignment-routes';
import { organizationUnitRoutes } from './organization-units/routes';
import { reportRoutes } from './overviews/reports';
import { userOverviewListRoutes } from './overviews/routes';
import { installRefusalHandler } from './refusals';
import { roleClaimRoutes } from './roles/claims-routes';
import { roleRoutes } from './roles/routes';
import { secondFactorRequirementRoutes } from './second-factor-requirement-routes';
import { userActionRoutes } from './users/action-routes';
import { userSessionRoutes } from './users/session-routes';
import { userRoutes } from './users/routes';

/**
 * Identity management endpoints: users, roles with claims, claim types, organization units,
 * the signed-in user's password change, and the users overview with its
 * reports. Every query is scoped to the acting tenant; refused privilege escalations are logged
 * (server log and security log) by this module's error handler.
 */
export async function identityModule(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  installRefusalHandler(app, db);
  // Refused requests name their fields with identity's labels unless a route has its own.
  const labels = identityLabels();
  app.addHook('onRoute', (route) => {
    route.config = { fieldLabel: labels, ...route.config };
  });
  await app.register(userRoutes, { db });
  await app.register(userActionRoutes, { db });
  await app.register(userSessionRoutes, { db });
  await app.register(roleRoutes, { db });
  await app.register(roleClaimRoutes, { db });
  await app.register(secondFactorRequirementRoutes, { db });
  await app.register(claimTypeRoutes, { db });
  await app.register(organizationUnitRoutes, { db });
  await app.register(organizationUnitAssignmentRoutes, { db });
  await app.register(changePasswordRoute, { db });
  await app.register(userOverviewListRoutes, { db });
  await app.register(reportRoutes, { db });
}
