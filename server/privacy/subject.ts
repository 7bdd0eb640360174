import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { tenantIs, UUID } from '../multitenancy/scope';
import { translate } from '../localization/texts';
import type { DynamicDb } from '../schema-engine/resource-model';
import type { PrivacySubjectType } from './tables';

/** Whose data an export or erasure is about, as far as the caller may see it. */
export interface Subject {
  type: PrivacySubjectType;
  id: string;
  tenantId: string | null;
  /** The display name, as the confirmation text names it. */
  name: string;
  /** The user's email (users only). */
  email: string | null;
  /** The citizen's devices, or the carer's own watches (deleted ones too: their history is theirs). */
  deviceIds: string[];
}

export const SUBJECT_TYPES: readonly PrivacySubjectType[] = ['citizen', 'user'];

const subjectNotFound = (request: FastifyRequest) => notFound(translate('privacy:errors.subjectNotFound', request.language), 'Vigil:Privacy.SubjectNotFound');

/** Staff hold the citizens policy: they act on their tenant's citizens and carers; a carer only on themselves. */
export const isStaff = (request: FastifyRequest) => request.grantedPolicies?.has(POLICIES.citizens) === true;

/** The subject as stored (undefined when gone): its name, email and devices. No access check. */
export async function loadSubject(db: Db, type: PrivacySubjectType, id: string, tenantId: string | null): Promise<Subject | undefined> {
  const dyn = db as unknown as DynamicDb;
  if (type === 'citizen') {
    const citizen = await dyn
      .selectFrom('citizens')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .where(tenantIs('tenant_id', tenantId))
      .executeTakeFirst();
    if (!citizen) return undefined;
    const devices = await dyn.selectFrom('devices').select('id').where('citizen_id', '=', id).where(tenantIs('tenant_id', tenantId)).execute();
    const name = [citizen.first_name, citizen.last_name].filter((p) => typeof p === 'string' && p).join(' ');
    return { type, id, tenantId, name, email: null, deviceIds: devices.map((d) => String(d.id)) };
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'user_name', 'name', 'surname', 'email'])
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .where(tenantIs('tenant_id', tenantId))
    .executeTakeFirst();
  if (!user) return undefined;
  const devices = await db.selectFrom('devices').select('id').where('owner_user_id', '=', id).execute();
  const name = [user.name, user.surname].filter(Boolean).join(' ') || user.user_name;
  return { type, id, tenantId: user.tenant_id, name, email: user.email, deviceIds: devices.map((d) => d.id) };
}

/** Whether a user holds the carers' role (staff act on carers only, never on a colleague's account). */
async function isCarer(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('ur.user_id')
    .where('ur.user_id', '=', userId)
    .where('r.name', '=', ROLE_PLUG_AND_PLAY_USER)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The subject, or a 404 when it is outside the caller's tenant or care: a citizen of the caller's
 * tenant (staff only); a user who is the caller, or (staff) a carer of the caller's tenant.
 */
export async function resolveSubject(db: Db, request: FastifyRequest, type: PrivacySubjectType, id: string): Promise<Subject> {
  const self = type === 'user' && id === request.principal?.userId;
  const allowed = UUID.test(id) && (self || (isStaff(request) && (type === 'citizen' || (await isCarer(db, id)))));
  const subject = allowed ? await loadSubject(db, type, id, request.tenantId) : undefined;
  if (!subject) throw subjectNotFound(request);
  return subject;
}
