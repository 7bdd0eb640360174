import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { auditLogRoutes } from '../audit/audit-log-routes';
import { emailingRoutes } from './emailing-routes';
import { identitySettingsRoutes } from './identity-settings-routes';
import { timeZoneRoutes } from './timezone-routes';

/**
 * Setting management (`/api/setting-management/emailing`, `/timezone`, `/identity`) and the audit
 * log endpoints (`/api/audit-logging/audit-logs`): the administration screens' server side.
 */
export async function settingsModule(app: FastifyInstance, opts: { db: Db }) {
  await app.register(emailingRoutes, opts);
  await app.register(timeZoneRoutes, opts);
  await app.register(identitySettingsRoutes, opts);
  await app.register(auditLogRoutes, opts);
}
