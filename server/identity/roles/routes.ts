import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { conflict, forbidden } from '../../http/errors';
import { filterOf, pagingOf, sortingOf } from '../../http/paging';
import { translate } from '../../localization/texts';
import { describeChange } from '../../audit/entity-change';
import { entityNotFound, scopeOf, tenantIs } from '../../multitenancy/scope';
import { normalize } from '../user-records';
import { isUniqueViolation } from '../../db/constraint-errors';
import { identityLabels, invalid, problem } from '../validation';
import { ROLE_CREATE_BODY, ROLE_UPDATE_BODY } from './bodies';
import { type Api, CONFLICT, ID_PARAMS, listQuery, listResult, NO_CONTENT, pagedResult } from '../../http/route-schemas';
import { ROLE, ROLE_TAGS as tags } from './route-schemas';
import { findScopedRole, ROLE_SORTING, roleDto, roleListQuery, tenantName, userCount, type RoleRow } from './queries';

const P = POLICIES.roles;
/** A role's 'name' is the role's, not a person's. */
const fieldLabel = identityLabels('role');

const audited = (role: Pick<RoleRow, 'name' | 'is_default' | 'is_public'>) => ({ name: role.name, isDefault: role.is_default, isPublic: role.is_public });

/**
 * /api/identity/roles: a tenant's roles (the host's own for the host). Static roles keep their
 * names and cannot be deleted. Grants name roles by name, so a rename moves them along.
 */
export async function roleRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;

  const requireRole = async (request: FastifyRequest, id: string) => {
    const role = await findScopedRole(db, scopeOf(request), id);
    if (!role) throw entityNotFound(request);
    return role;
  };

  const nameTaken = async (tenantId: string | null, name: string, exceptId: string | null) =>
    Boolean(
      await db
        .selectFrom('roles')
        .select('id')
        .where(tenantIs('tenant_id', tenantId))
        .where('normalized_name', '=', normalize(name))
        .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
        .executeTakeFirst(),
    );
  const takenError = (request: FastifyRequest, name: string) => invalid(request.language, [problem('name', 'identity.roleNameTaken', request.language, { name })]);

  app.get('/api/identity/roles', { config: { policy: P }, schema: { tags, summary: 'Roles, paged', querystring: listQuery(ROLE_SORTING, {}), response: { 200: pagedResult(ROLE) } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, ROLE_SORTING, { field: 'r.name', desc: false });
    const base = roleListQuery(db, scopeOf(request), filterOf(query));
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll('r').select([userCount.as('user_count'), tenantName.as('tenant_name')]).orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('r.id').offset(skip).limit(take).execute(),
    ]);
    return { totalCount: Number(count), items: rows.map(roleDto) };
  });

  app.get('/api/identity/roles/all', { config: { policy: P }, schema: { tags, summary: 'Every role', response: { 200: listResult(ROLE) } } }, async (request) => {
    const rows = await roleListQuery(db, scopeOf(request)).selectAll('r').select(tenantName.as('tenant_name')).orderBy('r.name').execute();
    return { items: rows.map(roleDto) };
  });

  app.get('/api/identity/roles/:id', { config: { policy: P }, schema: { tags, summary: 'A role', params: ID_PARAMS, response: { 200: ROLE } } }, async (request) => roleDto(await requireRole(request, request.params.id)));

  app.post('/api/identity/roles', { config: { policy: `${P}.Create`, fieldLabel }, schema: { tags, summary: 'Create a role', body: ROLE_CREATE_BODY, response: { 200: ROLE } } }, async (request) => {
    const input = request.body;
    const tenantId = request.tenantId;
    const name = input.name.trim();
    if (await nameTaken(tenantId, name, null)) throw takenError(request, name);
    const row = { id: randomUUID(), tenant_id: tenantId, name, normalized_name: normalize(name), is_default: input.isDefault ?? false, is_public: input.isPublic ?? false, concurrency_stamp: randomUUID() };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('roles').values(row).execute();
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityRole', row.id, null, audited(row))] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw takenError(request, name);
      throw err;
    }
    return roleDto((await findScopedRole(db, { tenantId, all: false }, row.id))!);
  });

  app.put('/api/identity/roles/:id',
    { config: { policy: `${P}.Update`, fieldLabel }, schema: { tags, summary: 'Update a role', params: ID_PARAMS, body: ROLE_UPDATE_BODY, response: { 200: ROLE, ...CONFLICT } } }, async (request) => {
    const lang = request.language;
    const existing = await requireRole(request, request.params.id);
    const input = request.body;
    if (input.concurrencyStamp && input.concurrencyStamp !== existing.concurrency_stamp) throw conflict(translate('errors.concurrency', lang));
    const name = input.name.trim();
    const renamed = name !== existing.name;
    if (renamed && existing.is_static) throw forbidden(translate('identity.staticRoleRename', lang), 'Vigil:Identity.StaticRole');
    if (renamed && (await nameTaken(existing.tenant_id, name, existing.id))) throw takenError(request, name);
    const changes = { name, normalized_name: normalize(name), is_default: input.isDefault ?? existing.is_default, is_public: input.isPublic ?? existing.is_public, concurrency_stamp: randomUUID() };
    try {
      await db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('roles').set(changes).where('id', '=', existing.id).where('concurrency_stamp', '=', existing.concurrency_stamp).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw conflict(translate('errors.concurrency', lang));
        if (renamed) {
          await trx
            .updateTable('permission_grants')
            .set({ provider_key: name })
            .where(tenantIs('tenant_id', existing.tenant_id))
            .where('provider_name', '=', 'R')
            .where('provider_key', '=', existing.name)
            .execute();
        }
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityRole', existing.id, audited(existing), audited(changes))] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw takenError(request, name);
      throw err;
    }
    return roleDto((await findScopedRole(db, { tenantId: existing.tenant_id, all: false }, existing.id))!);
  });

  app.delete('/api/identity/roles/:id', { config: { policy: `${P}.Delete` }, schema: { tags, summary: 'Delete a role', params: ID_PARAMS, response: NO_CONTENT } }, async (request, reply) => {
    const existing = await requireRole(request, request.params.id);
    if (existing.is_static) throw forbidden(translate('identity.staticRoleDelete', request.language), 'Vigil:Identity.StaticRole');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('permission_grants').where(tenantIs('tenant_id', existing.tenant_id)).where('provider_name', '=', 'R').where('provider_key', '=', existing.name).execute();
      // Members, unit assignments and claims go with the role (foreign keys cascade).
      await trx.deleteFrom('roles').where('id', '=', existing.id).execute();
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityRole', existing.id, audited(existing), null)] });
    });
    return reply.status(204).send();
  });
}
