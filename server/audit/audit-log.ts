import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { EntityChange } from './tables';
import { AbpError } from '../http/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once this request's audit entry was written with its change (inside the change's transaction). */
    audited: boolean;
    /** The error the request ended with ('code: message'), for the entry's `exceptions`. */
    auditException: string | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuditEntry {
  status: number;
  entityChanges: EntityChange[];
}

/** Writes the audit entry of a request (in the caller's transaction when `db` is one). */
export async function writeAuditLog(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const principal = request.principal;
  await db
    .insertInto('audit_logs')
    .values({
      id: randomUUID(),
      // A call refused before tenant resolution ran still belongs to its user's tenant.
      tenant_id: request.tenantId ?? principal?.tenantId ?? null,
      user_id: principal?.userId ?? null,
      user_name: principal?.userName ?? null,
      client_id: principal?.clientId ?? null,
      http_method: request.method,
      url: request.url.slice(0, 2048),
      http_status_code: entry.status,
      execution_duration: Math.round(performance.now() - request.receivedAt),
      client_ip_address: request.ip,
      browser_info: request.headers['user-agent']?.slice(0, 512) ?? null,
      exceptions: request.auditException,
      entity_changes: JSON.stringify(entry.entityChanges),
    })
    .execute();
  request.audited = true;
}

/**
 * Every mutating API call leaves an audit entry. Changes write theirs inside their own transaction
 * (so a change and its entry land together); refused and failed calls are written here.
 */
export function installAuditLog(app: FastifyInstance, db: Db): void {
  app.decorateRequest('audited', false);
  app.decorateRequest('auditException', null);
  app.addHook('onError', async (request, _reply, error) => {
    // A request its route's schema refused is answered as ABP's validation error (http/errors.ts): logged as one.
    const refusedBySchema = 'validation' in error && Boolean(error.validation);
    const code = error instanceof AbpError ? error.extra.code : refusedBySchema ? 'Vigil:Validation' : error.code;
    request.auditException = `${code ?? error.name}: ${error.message}`.slice(0, 2000);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.audited || !MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    try {
      await writeAuditLog(db, request, { status: reply.statusCode, entityChanges: [] });
    } catch (err) {
      request.log.error({ err }, 'audit log failed');
    }
  });
}
