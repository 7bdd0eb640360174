import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { conflict, forbidden } from '../../http/errors';
import { filterOf, pagingOf, sortingOf } from '../../http/paging';
import { translate } from '../../localization/texts';
import { readSettings } from '../../settings/settings';
import { describeChange } from '../../audit/entity-change';
import { assertMayManageUser, keepingHostAdmin } from '../escalation-rules';
import { endSessions } from '../grant-revocation';
import { hashPassword } from '../passwords';
import { passwordErrors, passwordPolicyFor, rememberPassword } from '../password-rules';
import { entityNotFound, inScope, scopeOf } from '../../multitenancy/scope';
import { normalize, normalizePhone } from '../user-records';
import { invalid } from '../validation';
import { type Api, BOOLEAN_FILTER, CONFLICT, ID_PARAMS, listQuery, NO_CONTENT, pagedResult, pathParams, UUID_STRING } from '../../http/route-schemas';
import { USER, USER_TAGS as tags } from './route-schemas';
import { USER_CREATE_BODY, USER_UPDATE_BODY } from './bodies';
import { assertHandOut, requireUser, userDto } from './access';
import { setUserOrganizationUnits, setUserRoles } from './commands';
import { auditedFields, findScopedUser, organizationUnitIdsOf, roleNamesByUser, toUserDto, USER_SORTING, userListQuery } from './queries';
import { defaultRoles, identityProblems, resolveOrganizationUnits, resolveRoleNames } from './rules';
import { isUniqueViolation } from '../../db/constraint-errors';

const P = POLICIES.identityUsers;

/** The user list's query: paging, Sorting, Filter and the user filters. */
export const USER_LIST_QUERY = listQuery(USER_SORTING, { roleId: UUID_STRING, organizationUnitId: UUID_STRING, isLockedOut: BOOLEAN_FILTER, notActive: BOOLEAN_FILTER });
const USER_RESPONSE = { 200: USER } as const;

/** Roles and units of a create or update: resolved in the tenant, with every unknown one a problem. */
async function assignments(db: Db, tenantId: string | null, input: { roleNames?: string[]; organizationUnitIds?: string[] }, lang: string) {
  const roles = input.roleNames ? await resolveRoleNames(db, tenantId, input.roleNames, lang) : undefined;
  const units = input.organizationUnitIds ? await resolveOrganizationUnits(db, tenantId, input.organizationUnitIds, lang) : undefined;
  return { roles: roles?.roles, ouIds: units?.ids, problems: [...(roles?.problems ?? []), ...(units?.problems ?? [])] };
}

const text = (value: string | null | undefined) => (value ?? '').trim();
const phoneOf = (value: string | null | undefined) => (value ? normalizePhone(value) : null);

export async function userRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/identity/users', { config: { policy: P }, schema: { tags, summary: 'Users, paged and filtered', querystring: USER_LIST_QUERY, response: { 200: pagedResult(USER) } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, USER_SORTING, { field: 'u.creation_time', desc: true });
    const base = userListQuery(db, scopeOf(request), {
      filter: filterOf(query),
      roleId: query.roleId,
      organizationUnitId: query.organizationUnitId,
      isLockedOut: query.isLockedOut,
      notActive: query.notActive,
    });
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll('u').orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('u.id').offset(skip).limit(take).execute(),
    ]);
    const roles = await roleNamesByUser(db, rows.map((r) => r.id));
    return { totalCount: Number(count), items: rows.map((r) => toUserDto(r, roles.get(r.id) ?? [])) };
  });

  app.get('/api/identity/users/:id', { config: { policy: P }, schema: { tags, summary: 'A user', params: ID_PARAMS, response: USER_RESPONSE } }, async (request) => userDto(db, await requireUser(db, request, request.params.id)));

  const lookup = async (request: FastifyRequest, column: 'normalized_user_name' | 'normalized_email', value: string) => {
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where(column, '=', normalize(value))
      .where('is_deleted', '=', false)
      .where(inScope('tenant_id', scopeOf(request)))
      .executeTakeFirst();
    if (!user) throw entityNotFound(request);
    return userDto(db, user);
  };
  app.get('/api/identity/users/by-username/:userName',
    { config: { policy: P }, schema: { tags, summary: 'A user by user name', params: pathParams({ userName: { type: 'string' } }), response: USER_RESPONSE } },
    (request) =>
    lookup(request, 'normalized_user_name', request.params.userName),
  );
  app.get('/api/identity/users/by-email/:email',
    { config: { policy: P }, schema: { tags, summary: 'A user by email address', params: pathParams({ email: { type: 'string' } }), response: USER_RESPONSE } },
    (request) => lookup(request, 'normalized_email', request.params.email),
  );

  app.post('/api/identity/users', { config: { policy: `${P}.Create` }, schema: { tags, summary: 'Create a user', body: USER_CREATE_BODY, response: USER_RESPONSE } }, async (request) => {
    const lang = request.language;
    const input = request.body;
    const tenantId = request.tenantId;
    const policy = await passwordPolicyFor(db, tenantId);
    const fields = { userName: input.userName.trim(), email: input.email.trim(), phoneNumber: phoneOf(input.phoneNumber), phoneNumberLoginEnabled: input.phoneNumberLoginEnabled ?? false };
    const resolved = await assignments(db, tenantId, input, lang);
    const problems = [...passwordErrors(input.password, policy.rules, 'password', lang), ...(await identityProblems(db, fields, null, lang)), ...resolved.problems];
    if (problems.length) throw invalid(lang, problems);
    const roles = resolved.roles ?? (await defaultRoles(db, tenantId));
    const ouIds = resolved.ouIds ?? [];
    await assertHandOut(db, request, tenantId, null, roles, ouIds);

    const settings = await readSettings(db, tenantId);
    const id = randomUUID();
    const hash = await hashPassword(input.password);
    const row = {
      id,
      tenant_id: tenantId,
      user_name: fields.userName,
      normalized_user_name: normalize(fields.userName),
      email: fields.email,
      normalized_email: normalize(fields.email),
      name: text(input.name),
      surname: text(input.surname),
      phone_number: fields.phoneNumber,
      phone_number_login_enabled: fields.phoneNumberLoginEnabled,
      password_hash: hash,
      is_active: input.isActive ?? true,
      lockout_enabled: input.lockoutEnabled ?? settings['Abp.Identity.Lockout.AllowedForNewUsers'] !== 'false',
      security_stamp: randomUUID(),
      concurrency_stamp: randomUUID(),
      last_password_change_time: new Date(),
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(row).execute();
        await setUserRoles(trx, id, tenantId, roles.map((r) => r.id));
        await setUserOrganizationUnits(trx, id, tenantId, ouIds);
        await rememberPassword(trx, id, hash, policy.remember);
        const after = { ...auditedFields(row), roleNames: roles.map((r) => r.name).sort(), organizationUnitIds: ouIds };
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityUser', id, null, after)] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid(lang, await identityProblems(db, fields, null, lang));
      throw err;
    }
    return userDto(db, (await findScopedUser(db, { tenantId, all: false }, id))!);
  });

  app.put('/api/identity/users/:id',
    { config: { policy: `${P}.Update` }, schema: { tags, summary: 'Update a user', params: ID_PARAMS, body: USER_UPDATE_BODY, response: { ...USER_RESPONSE, ...CONFLICT } } },
    async (request) => {
    const lang = request.language;
    const existing = await requireUser(db, request, request.params.id);
    const input = request.body;
    await assertMayManageUser(db, request, existing);
    if (input.concurrencyStamp && input.concurrencyStamp !== existing.concurrency_stamp) throw conflict(translate('errors.concurrency', lang));
    const tenantId = existing.tenant_id;
    const fields = {
      userName: input.userName.trim(),
      email: input.email.trim(),
      phoneNumber: input.phoneNumber === undefined ? existing.phone_number : phoneOf(input.phoneNumber),
      phoneNumberLoginEnabled: input.phoneNumberLoginEnabled ?? existing.phone_number_login_enabled,
    };
    const resolved = await assignments(db, tenantId, input, lang);
    const problems = [...(await identityProblems(db, fields, existing.id, lang)), ...resolved.problems];
    if (problems.length) throw invalid(lang, problems);
    const currentOus = await organizationUnitIdsOf(db, existing.id);
    await assertHandOut(db, request, tenantId, existing.id, resolved.roles ?? [], (resolved.ouIds ?? []).filter((id) => !currentOus.includes(id)));

    const changes = {
      user_name: fields.userName,
      normalized_user_name: normalize(fields.userName),
      email: fields.email,
      normalized_email: normalize(fields.email),
      ...(input.name !== undefined ? { name: text(input.name) } : {}),
      ...(input.surname !== undefined ? { surname: text(input.surname) } : {}),
      phone_number: fields.phoneNumber,
      phone_number_login_enabled: fields.phoneNumberLoginEnabled,
      ...(input.isActive !== undefined ? { is_active: input.isActive } : {}),
      ...(input.lockoutEnabled !== undefined ? { lockout_enabled: input.lockoutEnabled } : {}),
      concurrency_stamp: randomUUID(),
    };
    const beforeRoles = (await roleNamesByUser(db, [existing.id])).get(existing.id) ?? [];
    try {
      await db.transaction().execute(async (trx) => {
        await keepingHostAdmin(trx, tenantId, { targetUserId: existing.id, change: 'update' }, async () => {
          const result = await trx.updateTable('users').set(changes).where('id', '=', existing.id).where('concurrency_stamp', '=', existing.concurrency_stamp).executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw conflict(translate('errors.concurrency', lang));
          if (resolved.roles) await setUserRoles(trx, existing.id, tenantId, resolved.roles.map((r) => r.id));
          if (resolved.ouIds) await setUserOrganizationUnits(trx, existing.id, tenantId, resolved.ouIds);
        });
        if (existing.is_active && changes.is_active === false) await endSessions(trx, existing.id);
        const before = { ...auditedFields(existing), roleNames: beforeRoles, organizationUnitIds: currentOus };
        const after = {
          ...auditedFields({ ...existing, ...changes }),
          roleNames: resolved.roles ? resolved.roles.map((r) => r.name).sort() : beforeRoles,
          organizationUnitIds: resolved.ouIds ?? currentOus,
        };
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityUser', existing.id, before, after)] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid(lang, await identityProblems(db, fields, existing.id, lang));
      throw err;
    }
    return userDto(db, (await findScopedUser(db, { tenantId, all: false }, existing.id))!);
  });

  app.delete('/api/identity/users/:id', { config: { policy: `${P}.Delete` }, schema: { tags, summary: 'Delete a user', params: ID_PARAMS, response: NO_CONTENT } }, async (request, reply) => {
    const existing = await requireUser(db, request, request.params.id);
    if (existing.id === request.principal!.userId) throw forbidden(translate('identity.cannotDeleteSelf', request.language), 'Vigil:Identity.CannotDeleteSelf');
    await assertMayManageUser(db, request, existing);
    await db.transaction().execute(async (trx) => {
      await keepingHostAdmin(trx, existing.tenant_id, { targetUserId: existing.id, change: 'delete' }, async () => {
        await trx.updateTable('users').set({ is_deleted: true, deletion_time: new Date(), concurrency_stamp: randomUUID() }).where('id', '=', existing.id).execute();
      });
      // Grants to a deleted user's id would come back with nobody to see them.
      await trx.deleteFrom('permission_grants').where('provider_name', '=', 'U').where('provider_key', '=', existing.id).execute();
      await endSessions(trx, existing.id);
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityUser', existing.id, auditedFields(existing), null)] });
    });
    return reply.status(204).send();
  });
}
