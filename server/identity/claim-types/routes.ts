import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { conflict, forbidden } from '../../http/errors';
import { filterOf, pagingOf, sortingOf } from '../../http/paging';
import { translate } from '../../localization/texts';
import { describeChange } from '../../audit/entity-change';
import { contains } from '../../db/like';
import { refuseTenantUsers } from '../../permissions/host-only';
import { entityNotFound } from '../../multitenancy/scope';
import { isUniqueViolation } from '../../db/constraint-errors';
import { identityLabels, invalid, problem } from '../validation';
import { normalize } from '../user-records';
import { claimTypeDto, isValidRegex, parseValueType } from './value-types';
import { type Api, type Checked, CONFLICT, ID_PARAMS, listQuery, listResult, NO_CONTENT, pagedResult } from '../../http/route-schemas';
import { CLAIM_TYPE, CLAIM_TYPE_BODY } from './route-schemas';

const P = POLICIES.claimTypes;

type ClaimTypeInput = Checked<typeof CLAIM_TYPE_BODY>;
/** A claim type's 'name' is the claim type's. */
const fieldLabel = identityLabels('claimType');

const SORTING = { name: 'name', valueType: 'value_type', creationTime: 'creation_time' } as const;
const tags = ['identity-claim-types'];
const ONE = { 200: CLAIM_TYPE } as const;

/**
 * /api/identity/claim-types: the claim types roles (and later users) may carry. Claim types are the
 * host's, shared by every tenant: a tenant's user is refused whatever a tenant role was given
 * (AbpIdentity.ClaimTypes is host-only). Static ones cannot be renamed or deleted.
 */
export async function claimTypeRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;

  const find = async (request: FastifyRequest, id: string) => {
    const row = await db.selectFrom('claim_types').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw entityNotFound(request);
    return row;
  };

  /** Checks a body; a name another claim type has, a bad regex or value type are 400s. */
  const check = async (request: FastifyRequest, input: ClaimTypeInput, exceptId: string | null) => {
    const lang = request.language;
    const problems = [];
    const valueType = input.valueType === undefined ? 0 : parseValueType(input.valueType);
    if (valueType === undefined) problems.push(problem('valueType', 'validation:invalid', lang));
    if (input.regex && !isValidRegex(input.regex)) problems.push(problem('regex', 'identity.invalidRegex', lang));
    const taken = await db
      .selectFrom('claim_types')
      .select('id')
      .where('normalized_name', '=', normalize(input.name))
      .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
      .executeTakeFirst();
    if (taken) problems.push(problem('name', 'identity.claimTypeNameTaken', lang, { name: input.name.trim() }));
    if (problems.length) throw invalid(lang, problems);
    return {
      name: input.name.trim(),
      normalized_name: normalize(input.name),
      required: input.required ?? false,
      regex: input.regex || null,
      regex_description: input.regexDescription || null,
      description: input.description || null,
      value_type: valueType ?? 0,
    };
  };

  const audited = (row: Record<string, unknown> | null) =>
    row && { name: row.name, required: row.required, isStatic: row.is_static, regex: row.regex, description: row.description, valueType: row.value_type };

  app.get(
    '/api/identity/claim-types',
    { config: { policy: P }, preValidation: refuseTenantUsers, schema: { tags, summary: 'Claim types, paged', querystring: listQuery(SORTING, {}), response: { 200: pagedResult(CLAIM_TYPE) } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, SORTING, { field: 'name', desc: false });
    const filter = filterOf(query);
    const base = db.selectFrom('claim_types').$if(Boolean(filter), (q) => q.where('name', 'ilike', contains(filter!)));
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('id').offset(skip).limit(take).execute(),
    ]);
    return { totalCount: Number(count), items: rows.map(claimTypeDto) };
    },
  );

  app.get('/api/identity/claim-types/all', { config: { policy: P }, preValidation: refuseTenantUsers, schema: { tags, summary: 'Every claim type', response: { 200: listResult(CLAIM_TYPE) } } }, async () => {
    const rows = await db.selectFrom('claim_types').selectAll().orderBy('name').execute();
    return { items: rows.map(claimTypeDto) };
  });

  app.get('/api/identity/claim-types/:id',
    { config: { policy: P }, preValidation: refuseTenantUsers, schema: { tags, summary: 'A claim type', params: ID_PARAMS, response: ONE } }, async (request) => claimTypeDto(await find(request, request.params.id)));

  app.post(
    '/api/identity/claim-types',
    { config: { policy: `${P}.Create`, fieldLabel }, preValidation: refuseTenantUsers, schema: { tags, summary: 'Create a claim type', body: CLAIM_TYPE_BODY, response: ONE } }, async (request) => {
    const input = request.body;
    const values = await check(request, input, null);
    const row = { id: randomUUID(), ...values, is_static: input.isStatic ?? false, concurrency_stamp: randomUUID() };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('claim_types').values(row).execute();
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityClaimType', row.id, null, audited(row))] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid(request.language, [problem('name', 'identity.claimTypeNameTaken', request.language, { name: row.name })]);
      throw err;
    }
    return claimTypeDto(await find(request, row.id));
    },
  );

  app.put('/api/identity/claim-types/:id',
    {
      config: { policy: `${P}.Update`, fieldLabel },
      preValidation: refuseTenantUsers,
      schema: { tags, summary: 'Update a claim type', params: ID_PARAMS, body: CLAIM_TYPE_BODY, response: { ...ONE, ...CONFLICT } },
    }, async (request) => {
    const lang = request.language;
    const existing = await find(request, request.params.id);
    const input = request.body;
    if (input.concurrencyStamp && input.concurrencyStamp !== existing.concurrency_stamp) throw conflict(translate('errors.concurrency', lang));
    const values = await check(request, input, existing.id);
    if (existing.is_static && values.normalized_name !== existing.normalized_name) throw forbidden(translate('identity.staticClaimTypeRename', lang), 'Vigil:Identity.StaticClaimType');
    try {
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('claim_types')
          .set({ ...values, concurrency_stamp: randomUUID() })
          .where('id', '=', existing.id)
          .where('concurrency_stamp', '=', existing.concurrency_stamp)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw conflict(translate('errors.concurrency', lang));
        // Role claims name their type: a renamed type takes its claims along.
        if (values.name !== existing.name) await trx.updateTable('role_claims').set({ claim_type: values.name }).where('claim_type', '=', existing.name).execute();
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityClaimType', existing.id, audited(existing), audited({ ...existing, ...values }))] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid(lang, [problem('name', 'identity.claimTypeNameTaken', lang, { name: values.name })]);
      throw err;
    }
    return claimTypeDto(await find(request, existing.id));
  });

  app.delete('/api/identity/claim-types/:id',
    { config: { policy: `${P}.Delete` }, preValidation: refuseTenantUsers, schema: { tags, summary: 'Delete a claim type', params: ID_PARAMS, response: NO_CONTENT } }, async (request, reply) => {
    const existing = await find(request, request.params.id);
    if (existing.is_static) throw forbidden(translate('identity.staticClaimTypeDelete', request.language), 'Vigil:Identity.StaticClaimType');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_claims').where('claim_type', '=', existing.name).execute();
      await trx.deleteFrom('claim_types').where('id', '=', existing.id).execute();
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityClaimType', existing.id, audited(existing), null)] });
    });
    return reply.status(204).send();
  });
}
