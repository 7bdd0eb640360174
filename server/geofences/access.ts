import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { forbidden, type ValidationError } from '../http/errors';
import { invalid } from '../http/body-validation';
import { tenantIs } from '../multitenancy/scope';
import { translate } from '../localization/texts';
import type { DynamicDb } from '../schema-engine/resource-model';
import type { LinkTargets } from './geofence-body';

/**
 * Who may see and change which zones. Staff (holding the devices policy) work on every zone of
 * their tenant; a caregiver only on the zones they own and only with their own watches. Another
 * tenant's zone is simply not there (404).
 */
export interface Actor {
  tenantId: string | null;
  userId: string;
  /** null for staff; the caregiver's user id otherwise. */
  ownerId: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const userId = request.principal!.userId;
  const staff = request.grantedPolicies?.has(POLICIES.devices) ?? false;
  return { tenantId: request.tenantId, userId, ownerId: staff ? null : userId };
}

/** The devices a zone may be linked to by this actor: live, in the tenant, and the caregiver's own. */
export function linkableDevices(db: Db, actor: Actor) {
  let q = db.selectFrom('devices').where('is_deleted', '=', false).where(tenantIs('tenant_id', actor.tenantId));
  if (actor.ownerId) q = q.where('owner_user_id', '=', actor.ownerId);
  return q;
}

/** The tenant's live citizens (a schema resource, so its table is read dynamically). */
export function tenantCitizens(db: Db, actor: Actor) {
  return (db as unknown as DynamicDb).selectFrom('citizens').where('is_deleted', '=', false).where(tenantIs('tenant_id', actor.tenantId));
}

/**
 * The link targets checked: every device must be one the actor may link, every citizen one of the
 * tenant's; only staff link citizens. Unknown ones are a 400 naming the member.
 */
export async function checkTargets(db: Db, actor: Actor, targets: LinkTargets, lang: string): Promise<{ deviceIds: string[]; citizenIds: string[] }> {
  const deviceIds = [...new Set(targets.deviceIds ?? [])];
  const citizenIds = [...new Set(targets.citizenIds ?? [])];
  if (citizenIds.length && actor.ownerId) throw forbidden(translate('geofences:errors.citizensStaffOnly', lang));
  const problems: ValidationError[] = [];
  if (deviceIds.length) {
    const found = new Set((await linkableDevices(db, actor).select('id').where('id', 'in', deviceIds).execute()).map((d) => d.id));
    deviceIds.forEach((id, i) => {
      if (!found.has(id)) problems.push({ members: [`deviceIds[${i}]`], message: translate('geofences:errors.unknownDevice', lang) });
    });
  }
  if (citizenIds.length) {
    const rows = await tenantCitizens(db, actor).select('id').where('id', 'in', citizenIds).execute();
    const found = new Set(rows.map((c) => String(c.id)));
    citizenIds.forEach((id, i) => {
      if (!found.has(id)) problems.push({ members: [`citizenIds[${i}]`], message: translate('geofences:errors.unknownCitizen', lang) });
    });
  }
  if (problems.length) throw invalid(lang, problems);
  return { deviceIds, citizenIds };
}
