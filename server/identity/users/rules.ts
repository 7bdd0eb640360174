import type { Db } from '../../db/database';
import type { ValidationError } from '../../http/errors';
import { problem } from '../validation';
import { tenantIs } from '../../multitenancy/scope';
import { normalize, normalizePhone } from '../user-records';
import { loginNameConflicts } from '../login-names';

export interface Role {
  id: string;
  name: string;
}

/** Role names resolved in a tenant; unknown names are problems of 'roleNames[i]'. */
export async function resolveRoleNames(db: Db, tenantId: string | null, names: readonly string[], lang: string): Promise<{ roles: Role[]; problems: ValidationError[] }> {
  const wanted = [...new Set(names.map(normalize))];
  const rows = wanted.length
    ? await db.selectFrom('roles').select(['id', 'name', 'normalized_name']).where(tenantIs('tenant_id', tenantId)).where('normalized_name', 'in', wanted).execute()
    : [];
  const found = new Map(rows.map((r) => [r.normalized_name, r]));
  const problems = names.flatMap((name, i) => (found.has(normalize(name)) ? [] : [problem(`roleNames[${i}]`, 'identity.roleNotFound', lang, { name: name.slice(0, 64) })]));
  return { roles: rows.map((r) => ({ id: r.id, name: r.name })), problems };
}

/** The default roles of a tenant (given to new users who are not given roles). */
export async function defaultRoles(db: Db, tenantId: string | null): Promise<Role[]> {
  return db.selectFrom('roles').select(['id', 'name']).where(tenantIs('tenant_id', tenantId)).where('is_default', '=', true).execute();
}

/** Organization units of a tenant by id; unknown ids are problems of 'organizationUnitIds[i]'. */
export async function resolveOrganizationUnits(db: Db, tenantId: string | null, ids: readonly string[], lang: string): Promise<{ ids: string[]; problems: ValidationError[] }> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await db.selectFrom('organization_units').select('id').where(tenantIs('tenant_id', tenantId)).where('id', 'in', unique).execute() : [];
  const found = new Set(rows.map((r) => r.id));
  const problems = ids.flatMap((id, i) => (found.has(id) ? [] : [problem(`organizationUnitIds[${i}]`, 'identity.organizationUnitNotFound', lang)]));
  return { ids: [...found], problems };
}

/** Names of the roles the given organization units hold. */
export async function rolesOfOrganizationUnits(db: Db, ouIds: readonly string[]): Promise<Role[]> {
  if (ouIds.length === 0) return [];
  return db
    .selectFrom('organization_unit_roles')
    .innerJoin('roles', 'roles.id', 'organization_unit_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .distinct()
    .where('organization_unit_roles.organization_unit_id', 'in', ouIds)
    .execute();
}

/**
 * User names and emails are login names, unique among live users of the whole system across both
 * fields (server/identity/login-names.ts); a phone number signs in one user at most, and phone
 * sign-in needs a phone number.
 */
export async function identityProblems(
  db: Db,
  input: { userName: string; email: string; phoneNumber: string | null; phoneNumberLoginEnabled: boolean },
  exceptId: string | null,
  lang: string,
): Promise<ValidationError[]> {
  const problems: ValidationError[] = [];
  const taken = await loginNameConflicts(db, input, exceptId);
  if (taken.userName) problems.push(problem('userName', 'identity.userNameTaken', lang, { name: input.userName }));
  if (taken.email) problems.push(problem('email', 'identity.emailTaken', lang, { email: input.email }));
  const phone = input.phoneNumber ? normalizePhone(input.phoneNumber) : null;
  if (input.phoneNumberLoginEnabled && !phone) problems.push(problem('phoneNumber', 'identity.phoneNumberRequiredForLogin', lang));
  if (phone && input.phoneNumberLoginEnabled) {
    let others = db.selectFrom('users').select('id').where('is_deleted', '=', false).where('phone_number', '=', phone).where('phone_number_login_enabled', '=', true);
    if (exceptId) others = others.where('id', '!=', exceptId);
    if (await others.executeTakeFirst()) problems.push(problem('phoneNumber', 'identity.phoneNumberTaken', lang));
  }
  return problems;
}

/** Whether an error is a unique index violation (a race the checks above lost). */
