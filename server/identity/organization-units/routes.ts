import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { filterOf, pagingOf, sortingOf } from '../../http/paging';
import { translate } from '../../localization/texts';
import { describeChange } from '../../audit/entity-change';
import { keepingHostAdmin } from '../escalation-rules';
import { entityNotFound, scopeOf, tenantIs } from '../../multitenancy/scope';
import { isUniqueViolation } from '../../db/constraint-errors';
import { invalid, problem } from '../validation';
import { MOVE_BODY, UNIT_CREATE_BODY, UNIT_UPDATE_BODY } from './bodies';
import { type Api, CONFLICT, ID_PARAMS, listQuery, listResult, NO_CONTENT, pagedResult } from '../../http/route-schemas';
import { UNIT, UNIT_TAGS as tags } from './route-schemas';
import { isWithin, nextChildCode } from './codes';
import { findScopedUnit, siblingNamed, UNIT_SORTING, unitDto, unitListQuery, unitRoles, type OrganizationUnitRow } from './queries';

const P = POLICIES.organizationUnits;

/** Retries a write that takes the next free code when a concurrent one took it first. */
async function withFreshCode<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

/**
 * /api/identity/organization-units: the tenant's tree of units (ABP codes '00001.00002'), created,
 * renamed, moved and deleted with everything below (ManageOU). Display names are unique among
 * siblings.
 */
export async function organizationUnitRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const ONE = { 200: UNIT } as const;

  const requireUnit = async (request: FastifyRequest, id: string) => {
    const unit = await findScopedUnit(db, scopeOf(request), id);
    if (!unit) throw entityNotFound(request);
    return unit;
  };
  const withRoles = async (unit: OrganizationUnitRow) => unitDto(unit, (await unitRoles(db, [unit.id])).get(unit.id) ?? []);
  const nameTaken = (request: FastifyRequest, name: string) => invalid(request.language, [problem('displayName', 'identity.organizationUnitNameTaken', request.language, { name })]);

  app.get('/api/identity/organization-units', { config: { policy: P }, schema: { tags, summary: 'Organization units, paged', querystring: listQuery(UNIT_SORTING, {}), response: { 200: pagedResult(UNIT) } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, UNIT_SORTING, { field: 'ou.code', desc: false });
    const base = unitListQuery(db, scopeOf(request), filterOf(query));
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll('ou').orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('ou.id').offset(skip).limit(take).execute(),
    ]);
    const roles = await unitRoles(db, rows.map((r) => r.id));
    return { totalCount: Number(count), items: rows.map((r) => unitDto(r, roles.get(r.id) ?? [])) };
  });

  app.get('/api/identity/organization-units/all', { config: { policy: P }, schema: { tags, summary: 'Every organization unit', response: { 200: listResult(UNIT) } } }, async (request) => {
    const rows = await unitListQuery(db, scopeOf(request)).selectAll('ou').orderBy('ou.code').execute();
    const roles = await unitRoles(db, rows.map((r) => r.id));
    return { items: rows.map((r) => unitDto(r, roles.get(r.id) ?? [])) };
  });

  app.get('/api/identity/organization-units/:id',
    { config: { policy: P }, schema: { tags, summary: 'An organization unit', params: ID_PARAMS, response: ONE } }, async (request) => withRoles(await requireUnit(request, request.params.id)));

  app.post(
    '/api/identity/organization-units',
    { config: { policy: `${P}.ManageOU` }, schema: { tags, summary: 'Create an organization unit', body: UNIT_CREATE_BODY, response: ONE } }, async (request) => {
    const lang = request.language;
    const input = request.body;
    const tenantId = request.tenantId;
    const parent = input.parentId ? await findScopedUnit(db, { tenantId, all: false }, input.parentId) : null;
    if (input.parentId && !parent) throw invalid(lang, [problem('parentId', 'identity.organizationUnitNotFound', lang)]);
    const displayName = input.displayName.trim();
    if (await siblingNamed(db, tenantId, parent?.id ?? null, displayName, null)) throw nameTaken(request, displayName);
    const id = randomUUID();
    await withFreshCode(() =>
      db.transaction().execute(async (trx) => {
        const code = await nextChildCode(trx, tenantId, parent ?? null);
        await trx.insertInto('organization_units').values({ id, tenant_id: tenantId, parent_id: parent?.id ?? null, code, display_name: displayName, concurrency_stamp: randomUUID() }).execute();
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('OrganizationUnit', id, null, { displayName, parentId: parent?.id ?? null, code })] });
      }),
    );
    return withRoles((await findScopedUnit(db, { tenantId, all: false }, id))!);
    },
  );

  app.put('/api/identity/organization-units/:id',
    { config: { policy: `${P}.ManageOU` }, schema: { tags, summary: 'Rename an organization unit', params: ID_PARAMS, body: UNIT_UPDATE_BODY, response: { ...ONE, ...CONFLICT } } },
    async (request) => {
    const lang = request.language;
    const unit = await requireUnit(request, request.params.id);
    const input = request.body;
    if (input.concurrencyStamp && input.concurrencyStamp !== unit.concurrency_stamp) throw conflict(translate('errors.concurrency', lang));
    const displayName = input.displayName.trim();
    if (await siblingNamed(db, unit.tenant_id, unit.parent_id, displayName, unit.id)) throw nameTaken(request, displayName);
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('organization_units')
        .set({ display_name: displayName, concurrency_stamp: randomUUID() })
        .where('id', '=', unit.id)
        .where('concurrency_stamp', '=', unit.concurrency_stamp)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict(translate('errors.concurrency', lang));
      await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('OrganizationUnit', unit.id, { displayName: unit.display_name }, { displayName })] });
    });
    return withRoles((await findScopedUnit(db, { tenantId: unit.tenant_id, all: false }, unit.id))!);
  });

  app.put('/api/identity/organization-units/:id/move',
    { config: { policy: `${P}.ManageOU` }, schema: { tags, summary: 'Move an organization unit, with everything below it, under another (or to the top)', params: ID_PARAMS, body: MOVE_BODY, response: ONE } }, async (request) => {
    const lang = request.language;
    const unit = await requireUnit(request, request.params.id);
    const { newParentId = null } = request.body;
    const parent = newParentId ? await findScopedUnit(db, { tenantId: unit.tenant_id, all: false }, newParentId) : null;
    if (newParentId && !parent) throw invalid(lang, [problem('newParentId', 'identity.organizationUnitNotFound', lang)]);
    if (parent && isWithin(parent.code, unit.code)) throw invalid(lang, [problem('newParentId', 'identity.organizationUnitCycle', lang)]);
    if ((parent?.id ?? null) === unit.parent_id) return withRoles(unit);
    if (await siblingNamed(db, unit.tenant_id, parent?.id ?? null, unit.display_name, unit.id)) throw nameTaken(request, unit.display_name);
    await withFreshCode(() =>
      db.transaction().execute(async (trx) => {
        const code = await nextChildCode(trx, unit.tenant_id, parent ?? null);
        // The unit and everything below it take the new prefix.
        await trx
          .updateTable('organization_units')
          .set({ code: sql<string>`${code}::text || substr(code, ${unit.code.length + 1}::int)`, concurrency_stamp: randomUUID() })
          .where(tenantIs('tenant_id', unit.tenant_id))
          .where((eb) => eb.or([eb('code', '=', unit.code), eb('code', 'like', `${unit.code}.%`)]))
          .execute();
        await trx.updateTable('organization_units').set({ parent_id: parent?.id ?? null }).where('id', '=', unit.id).execute();
        await writeAuditLog(trx, request, {
          status: 200,
          entityChanges: [describeChange('OrganizationUnit', unit.id, { parentId: unit.parent_id, code: unit.code }, { parentId: parent?.id ?? null, code })],
        });
      }),
    );
    return withRoles((await findScopedUnit(db, { tenantId: unit.tenant_id, all: false }, unit.id))!);
  });

  app.delete('/api/identity/organization-units/:id',
    { config: { policy: `${P}.ManageOU` }, schema: { tags, summary: 'Delete an organization unit with everything below it', params: ID_PARAMS, response: NO_CONTENT } },
    async (request, reply) => {
    const unit = await requireUnit(request, request.params.id);
    await db.transaction().execute(async (trx) => {
      await keepingHostAdmin(trx, unit.tenant_id, { organizationUnitId: unit.id, change: 'deleteOrganizationUnit' }, async () => {
        // Units below, their members and roles go along (foreign keys cascade).
        await trx.deleteFrom('organization_units').where('id', '=', unit.id).execute();
      });
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('OrganizationUnit', unit.id, { displayName: unit.display_name, code: unit.code }, null)] });
    });
    return reply.status(204).send();
  });
}
