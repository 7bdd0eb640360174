import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { forbidden, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import { writeSecurityLog } from './security-log';

/**
 * Why a change was refused as a privilege escalation (each has a message under
 * server:identity.refused.<reason>):
 * - policyNotHeld: granting a policy the caller does not hold;
 * - roleNotHeld: handing out a role (to a user or an organization unit) whose policies the caller
 *   does not all hold;
 * - hostOnlyPolicy: granting a host-only policy inside a tenant;
 * - otherTenant: changing a role or user of another tenant;
 * - targetMorePowerful: changing a user who holds policies the caller does not hold;
 * - ownGrants: a user changing their own user-level grants;
 * - lastHostAdmin: locking, deactivating or deleting the last active host administrator, or
 *   taking the host 'admin' role from them.
 */
export type RefusalReason = 'policyNotHeld' | 'roleNotHeld' | 'hostOnlyPolicy' | 'otherTenant' | 'targetMorePowerful' | 'ownGrants' | 'lastHostAdmin';

/**
 * Thrown wherever the refusal is found, often inside a transaction: the module's error handler
 * logs it once the transaction has rolled back (PGlite has one connection) and answers 403, or
 * 404 where the target must not be revealed.
 */
export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly detail: Record<string, unknown>,
    readonly answer: 'forbidden' | 'notFound' = 'forbidden',
  ) {
    super(`refused: ${reason}`);
  }
}

/** Logs a refusal: a warning in the server log and a 'PrivilegeEscalationRefused' security log entry. */
export async function logRefusal(db: Db, request: FastifyRequest, refusal: Refusal): Promise<void> {
  const principal = request.principal;
  request.log.warn({ user: principal?.userId, tenant: request.tenantId, reason: refusal.reason, ...refusal.detail }, 'privilege escalation refused');
  await writeSecurityLog(db, {
    action: 'PrivilegeEscalationRefused',
    identity: 'PermissionManagement',
    userId: principal?.userId ?? null,
    userName: principal?.userName ?? null,
    tenantId: principal?.tenantId ?? null,
    clientId: principal?.clientId ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    extra: { reason: refusal.reason, actingTenantId: request.tenantId, method: request.method, url: request.url.slice(0, 512), ...refusal.detail },
  });
}

/** The identity module's error handler: refusals are logged and answered; everything else goes to the app's handler. */
export function installRefusalHandler(app: FastifyInstance, db: Db): void {
  app.setErrorHandler(async (error: FastifyError | Refusal, request) => {
    if (!(error instanceof Refusal)) throw error;
    try {
      await logRefusal(db, request, error);
    } catch (err) {
      request.log.error({ err }, 'security log of a refusal failed');
    }
    if (error.answer === 'notFound') throw notFound(translate('errors.entityNotFound', request.language));
    throw forbidden(translate(`identity.refused.${error.reason}`, request.language), `Vigil:Identity.${error.reason}`);
  });
}
