import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { filterOf, pagingOf, sortingOf } from '../../http/paging';
import { describeChange } from '../../audit/entity-change';
import { assertMayHandOut, keepingHostAdmin } from '../escalation-rules';
import { roleDto } from '../roles/queries';
import { entityNotFound, scopeOf, tenantIs } from '../../multitenancy/scope';
import { roleNamesByUser, toUserDto, USER_SORTING, userListQuery } from '../users/queries';
import { effectiveRoles } from '../user-records';
import { invalid, problem } from '../validation';
import { ROLE_IDS_BODY, USER_IDS_BODY } from './bodies';
import { type Api, ID_PARAMS, listQuery, NO_CONTENT, PAGING_PROPERTIES, pagedResult, pathParams, querySchema, RECORD_ID } from '../../http/route-schemas';
import { ROLE } from '../roles/route-schemas';
import { USER } from '../users/route-schemas';
import { UNIT_TAGS as tags } from './route-schemas';
import { findScopedUnit } from './queries';

const P = POLICIES.organizationUnits;

/**
 * What a unit holds: its roles (ManageRoles) and its members (ManageMembers). Members hold the
 * unit's roles, so adding either hands roles out: the caller must hold every policy they carry.
 * PUT adds (ABP), DELETE removes one.
 */
export async function organizationUnitAssignmentRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;

  const requireUnit = async (request: FastifyRequest, id: string) => {
    const unit = await findScopedUnit(db, scopeOf(request), id);
    if (!unit) throw entityNotFound(request);
    return unit;
  };

  app.get('/api/identity/organization-units/:id/roles',
    { config: { policy: P }, schema: { tags, summary: "A unit's roles, paged", params: ID_PARAMS, querystring: querySchema(PAGING_PROPERTIES), response: { 200: pagedResult(ROLE) } } }, async (request) => {
    const unit = await requireUnit(request, request.params.id);
    const { skip, take } = pagingOf(request.query);
    const base = db.selectFrom('roles as r').innerJoin('organization_unit_roles as our', 'our.role_id', 'r.id').where('our.organization_unit_id', '=', unit.id);
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll('r').orderBy('r.name').orderBy('r.id').offset(skip).limit(take).execute(),
    ]);
    return { totalCount: Number(count), items: rows.map(roleDto) };
  });

  app.put('/api/identity/organization-units/:id/roles',
    { config: { policy: `${P}.ManageRoles` }, schema: { tags, summary: 'Add roles to a unit', params: ID_PARAMS, body: ROLE_IDS_BODY, response: NO_CONTENT } }, async (request, reply) => {
    const lang = request.language;
    const unit = await requireUnit(request, request.params.id);
    const { roleIds } = request.body;
    const roles = roleIds.length ? await db.selectFrom('roles').select(['id', 'name']).where(tenantIs('tenant_id', unit.tenant_id)).where('id', 'in', roleIds).execute() : [];
    const found = new Set(roles.map((r) => r.id));
    const problems = roleIds.flatMap((id, i) => (found.has(id) ? [] : [problem(`roleIds[${i}]`, 'identity.roleNotFound', lang, { name: id })]));
    if (problems.length) throw invalid(lang, problems);
    const current = new Set((await db.selectFrom('organization_unit_roles').select('role_id').where('organization_unit_id', '=', unit.id).execute()).map((r) => r.role_id));
    const added = roles.filter((r) => !current.has(r.id));
    await assertMayHandOut(db, request, unit.tenant_id, added.map((r) => r.name), { organizationUnitId: unit.id });
    await db.transaction().execute(async (trx) => {
      if (added.length) {
        await trx.insertInto('organization_unit_roles').values(added.map((r) => ({ organization_unit_id: unit.id, role_id: r.id, tenant_id: unit.tenant_id }))).onConflict((oc) => oc.doNothing()).execute();
      }
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('OrganizationUnit', unit.id, { addedRoles: null }, { addedRoles: added.map((r) => r.name).sort() })] });
    });
    return reply.status(204).send();
  });

  app.delete('/api/identity/organization-units/:id/roles/:roleId',
    { config: { policy: `${P}.ManageRoles` }, schema: { tags, summary: 'Remove a role from a unit', params: pathParams({ id: RECORD_ID, roleId: RECORD_ID }), response: NO_CONTENT } }, async (request, reply) => {
    const unit = await requireUnit(request, request.params.id);
    await db.transaction().execute(async (trx) => {
      await keepingHostAdmin(trx, unit.tenant_id, { organizationUnitId: unit.id, roleId: request.params.roleId, change: 'removeOrganizationUnitRole' }, async () => {
        const result = await trx.deleteFrom('organization_unit_roles').where('organization_unit_id', '=', unit.id).where('role_id', '=', request.params.roleId).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw entityNotFound(request);
      });
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('OrganizationUnit', unit.id, { removedRole: null }, { removedRole: request.params.roleId })] });
    });
    return reply.status(204).send();
  });

  app.get('/api/identity/organization-units/:id/members',
    { config: { policy: P }, schema: { tags, summary: "A unit's members, paged", params: ID_PARAMS, querystring: listQuery(USER_SORTING, {}), response: { 200: pagedResult(USER) } } }, async (request) => {
    const unit = await requireUnit(request, request.params.id);
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, USER_SORTING, { field: 'u.user_name', desc: false });
    const base = userListQuery(db, { tenantId: unit.tenant_id, all: false }, { filter: filterOf(query), organizationUnitId: unit.id });
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll('u').orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('u.id').offset(skip).limit(take).execute(),
    ]);
    const roles = await roleNamesByUser(db, rows.map((r) => r.id));
    return { totalCount: Number(count), items: rows.map((r) => toUserDto(r, roles.get(r.id) ?? [])) };
  });

  app.put('/api/identity/organization-units/:id/members',
    { config: { policy: `${P}.ManageMembers` }, schema: { tags, summary: 'Add members to a unit', params: ID_PARAMS, body: USER_IDS_BODY, response: NO_CONTENT } }, async (request, reply) => {
    const lang = request.language;
    const unit = await requireUnit(request, request.params.id);
    const { userIds } = request.body;
    const users = userIds.length
      ? await db.selectFrom('users').select('id').where(tenantIs('tenant_id', unit.tenant_id)).where('is_deleted', '=', false).where('id', 'in', userIds).execute()
      : [];
    const found = new Set(users.map((u) => u.id));
    const problems = userIds.flatMap((id, i) => (found.has(id) ? [] : [problem(`userIds[${i}]`, 'errors.userNotFound', lang)]));
    if (problems.length) throw invalid(lang, problems);
    const current = new Set((await db.selectFrom('user_organization_units').select('user_id').where('organization_unit_id', '=', unit.id).execute()).map((m) => m.user_id));
    const added = [...found].filter((id) => !current.has(id));
    // Each new member is handed the unit's roles they do not hold yet.
    const unitRoles = await db.selectFrom('organization_unit_roles as our').innerJoin('roles as r', 'r.id', 'our.role_id').select(['r.id', 'r.name']).where('our.organization_unit_id', '=', unit.id).execute();
    for (const userId of added) {
      const held = new Set((await effectiveRoles(db, userId)).map((r) => r.id));
      await assertMayHandOut(db, request, unit.tenant_id, unitRoles.filter((r) => !held.has(r.id)).map((r) => r.name), { organizationUnitId: unit.id, targetUserId: userId });
    }
    await db.transaction().execute(async (trx) => {
      if (added.length) {
        await trx.insertInto('user_organization_units').values(added.map((user_id) => ({ user_id, organization_unit_id: unit.id, tenant_id: unit.tenant_id }))).onConflict((oc) => oc.doNothing()).execute();
      }
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('OrganizationUnit', unit.id, { addedMembers: null }, { addedMembers: added })] });
    });
    return reply.status(204).send();
  });

  app.delete('/api/identity/organization-units/:id/members/:memberId',
    { config: { policy: `${P}.ManageMembers` }, schema: { tags, summary: 'Remove a member from a unit', params: pathParams({ id: RECORD_ID, memberId: RECORD_ID }), response: NO_CONTENT } }, async (request, reply) => {
    const unit = await requireUnit(request, request.params.id);
    await db.transaction().execute(async (trx) => {
      await keepingHostAdmin(trx, unit.tenant_id, { organizationUnitId: unit.id, targetUserId: request.params.memberId, change: 'removeOrganizationUnitMember' }, async () => {
        const result = await trx.deleteFrom('user_organization_units').where('organization_unit_id', '=', unit.id).where('user_id', '=', request.params.memberId).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw entityNotFound(request);
      });
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('OrganizationUnit', unit.id, { removedMember: null }, { removedMember: request.params.memberId })] });
    });
    return reply.status(204).send();
  });
}
