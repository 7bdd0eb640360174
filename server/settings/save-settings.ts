import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import { readSettings, writeSettings, type SettingName } from './settings';

/** Settings whose values never reach a response or the audit log. */
export const SECRET_SETTINGS: readonly SettingName[] = ['Abp.Mailing.Smtp.Password'];

/**
 * Writes settings at the request's level (the host, or the tenant a host user picked with
 * `__tenant`) in one transaction with an audit entry of the effective values before and after.
 */
export async function saveSettings(db: Db, request: FastifyRequest, values: Partial<Record<SettingName, string>>): Promise<void> {
  const names = Object.keys(values) as SettingName[];
  const pick = (all: Record<SettingName, string>) => Object.fromEntries(names.map((n) => [n, all[n]]));
  await db.transaction().execute(async (trx) => {
    const before = pick(await readSettings(trx, request.tenantId));
    await writeSettings(trx, request.tenantId, values);
    const after = pick(await readSettings(trx, request.tenantId));
    const change = describeChange('Settings', request.tenantId ?? 'host', before, after, SECRET_SETTINGS);
    await writeAuditLog(trx, request, { status: 200, entityChanges: [change] });
  });
}
