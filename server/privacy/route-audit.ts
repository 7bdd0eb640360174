import type { FastifyRequest } from 'fastify';
import { writeAuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { EntityChange } from '../audit/tables';

/** An audit entry written by hand (GET downloads are not audited by themselves); a self-erasure leaves no name or address. */
export async function audit(db: Db, request: FastifyRequest, change: EntityChange, anonymous = false): Promise<void> {
  await writeAuditLog(db, request, { status: 200, entityChanges: [change] });
  if (anonymous)
    await db
      .updateTable('audit_logs')
      .set({ user_name: null, client_ip_address: null, browser_info: null })
      .where('user_id', '=', request.principal!.userId)
      .where('url', '=', request.url.slice(0, 2048))
      .where('http_method', '=', request.method)
      .execute();
}

/** An entity change of the privacy routes: ids and counts only, never the subject's data. */
export const change = (entityType: string, entityId: string, changeType: 0 | 1 | 2, values: Record<string, unknown>): EntityChange => ({
  entityType,
  entityId,
  changeType,
  propertyChanges: Object.entries(values).map(([propertyName, newValue]) => ({ propertyName, originalValue: null, newValue })),
});
