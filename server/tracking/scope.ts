import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { POLICIES } from '../../common/policies';
import { translate } from '../localization/texts';
import { notFound } from '../http/errors';
import { isUuid } from '../http/uuid';

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
export async function visibleDevice(db: Db, request: FastifyRequest, id: string) {
  if (!isUuid(id)) throw notFound(translate('tracking:errors.deviceNotFound', request.language));
  const device = await visibleDevices(db, request).select(['devices.id', 'devices.name', 'devices.tenant_id']).where('devices.id', '=', id).executeTakeFirst();
  if (!device) throw notFound(translate('tracking:errors.deviceNotFound', request.language));
  return device;
}

/** A query's time its route's schema checked (ISO 8601), or the fallback when absent. */
export function timeParam(value: string | undefined, fallback: Date): Date {
  return value === undefined ? fallback : new Date(value);
}

/** Repeated or comma-separated ids (`deviceIds=a&deviceIds=b`, `deviceIds=a,b`); what is not an id names no device. */
export function idList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  return list.filter(isUuid);
}
