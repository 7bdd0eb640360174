import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { POLICIES } from '../../common/policies';
import { translate } from '../localization/texts';
import { badRequest, notFound } from '../http/errors';

/** Tracking reads: a caregiver (dashboard) or staff (devices). */
export const TRACKING_READ = `${POLICIES.dashboard}|${POLICIES.devices}`;
export const TRACKING_UPDATE = `${POLICIES.dashboard}.Update|${POLICIES.devices}.Update`;

/**
 * The devices a caller may see: staff (Vigil.Devices) every device of the tenant they act in;
 * anyone else (a caregiver) the devices they own, in their own tenant.
 */
export function visibleDevices(db: Db, request: FastifyRequest) {
  let q = db.selectFrom('devices').where('devices.is_deleted', '=', false);
  const staff = request.grantedPolicies?.has(POLICIES.devices) ?? false;
  if (staff) {
    if (!request.allTenants) q = request.tenantId === null ? q.where('devices.tenant_id', 'is', null) : q.where('devices.tenant_id', '=', request.tenantId);
  } else {
    const principal = request.principal!;
    q = q.where('devices.owner_user_id', '=', principal.userId);
    q = principal.tenantId === null ? q.where('devices.tenant_id', 'is', null) : q.where('devices.tenant_id', '=', principal.tenantId);
  }
  return q;
}

/** One visible device, or 404 (another tenant's or owner's device is not found, never forbidden). */
export async function visibleDevice(db: Db, request: FastifyRequest, id: unknown) {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw notFound(translate('tracking:errors.deviceNotFound', request.language));
  const device = await visibleDevices(db, request).select(['devices.id', 'devices.name', 'devices.tenant_id']).where('devices.id', '=', id).executeTakeFirst();
  if (!device) throw notFound(translate('tracking:errors.deviceNotFound', request.language));
  return device;
}

/** A query's time (ISO 8601), the fallback when absent, 400 when unreadable. */
export function timeParam(value: unknown, fallback: Date, name: string, lang: string): Date {
  if (value === undefined || value === '') return fallback;
  const t = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(t)) throw badRequest(translate('errors.validation', lang), [{ message: translate('validation:invalid', lang, { field: name }), members: [name] }]);
  return new Date(t);
}

/** Repeated or comma-separated ids (`deviceIds=a&deviceIds=b`, `deviceIds=a,b`). */
export function idList(value: unknown): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
  return list.filter((v) => /^[0-9a-f-]{36}$/i.test(v));
}
