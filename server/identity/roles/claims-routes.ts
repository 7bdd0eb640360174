import { randomUUID } from 'node:crypto';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import type { ValidationError } from '../../http/errors';
import { claimTypeDto, claimValueFits } from '../claim-types/value-types';
import { describeChange } from '../../audit/entity-change';
import { entityNotFound, scopeOf } from '../../multitenancy/scope';
import { invalid, problem } from '../validation';
import { CLAIMS_BODY } from './bodies';
import { type Api, ID_PARAMS, NO_CONTENT } from '../../http/route-schemas';
import { CLAIM_TYPE } from '../claim-types/route-schemas';
import { ROLE_CLAIM, ROLE_TAGS as tags } from './route-schemas';
import { findScopedRole } from './queries';

const P = POLICIES.roles;

/**
 * A role's claims (GET/PUT /api/identity/roles/{id}/claims, the whole list at once) and the claim
 * types a role may carry (/all-claim-types: claim types are the host's, but every tenant's role
 * editor needs their names). Each value must suit its claim type's value type and regex.
 */
export async function roleClaimRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/identity/roles/all-claim-types', { config: { policy: P }, schema: { tags, summary: 'Every claim type a role may carry', response: { 200: { type: 'array', items: CLAIM_TYPE } } } }, async () => {
    const rows = await db.selectFrom('claim_types').selectAll().orderBy('name').execute();
    return rows.map(claimTypeDto);
  });

  app.get('/api/identity/roles/:id/claims',
    { config: { policy: P }, schema: { tags, summary: "A role's claims", params: ID_PARAMS, response: { 200: { type: 'array', items: ROLE_CLAIM } } } }, async (request) => {
    const role = await findScopedRole(db, scopeOf(request), request.params.id);
    if (!role) throw entityNotFound(request);
    const rows = await db.selectFrom('role_claims').selectAll().where('role_id', '=', role.id).orderBy('claim_type').orderBy('claim_value').execute();
    return rows.map((r) => ({ id: r.id, roleId: r.role_id, claimType: r.claim_type, claimValue: r.claim_value }));
  });

  app.put('/api/identity/roles/:id/claims',
    { config: { policy: `${P}.Update` }, schema: { tags, summary: "Replace a role's claims", params: ID_PARAMS, body: CLAIMS_BODY, response: NO_CONTENT } }, async (request, reply) => {
    const lang = request.language;
    const role = await findScopedRole(db, scopeOf(request), request.params.id);
    if (!role) throw entityNotFound(request);
    const claims = request.body.map((c) => ({ claimType: c.claimType.trim(), claimValue: c.claimValue }));
    const types = claims.length ? await db.selectFrom('claim_types').selectAll().where('name', 'in', [...new Set(claims.map((c) => c.claimType))]).execute() : [];
    const byName = new Map(types.map((t) => [t.name, t]));
    const problems: ValidationError[] = [];
    const seen = new Set<string>();
    claims.forEach((claim, i) => {
      const type = byName.get(claim.claimType);
      if (!type) problems.push(problem(`[${i}].claimType`, 'identity.claimTypeNotFound', lang, { name: claim.claimType.slice(0, 64) }));
      else if (!claimValueFits(type, claim.claimValue)) problems.push(problem(`[${i}].claimValue`, 'identity.claimValueInvalid', lang, { name: type.name, description: type.regex_description ?? '' }));
      const key = `${claim.claimType}\u0000${claim.claimValue}`;
      if (seen.has(key)) problems.push(problem(`[${i}].claimValue`, 'identity.claimDuplicate', lang));
      seen.add(key);
    });
    if (problems.length) throw invalid(lang, problems);

    const before = await db.selectFrom('role_claims').select(['claim_type', 'claim_value']).where('role_id', '=', role.id).execute();
    const list = (rows: { claimType: string; claimValue: string }[]) => rows.map((c) => `${c.claimType}=${c.claimValue}`).sort();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_claims').where('role_id', '=', role.id).execute();
      if (claims.length) {
        await trx
          .insertInto('role_claims')
          .values(claims.map((c) => ({ id: randomUUID(), role_id: role.id, tenant_id: role.tenant_id, claim_type: c.claimType, claim_value: c.claimValue })))
          .execute();
      }
      await writeAuditLog(trx, request, {
        status: 204,
        entityChanges: [describeChange('IdentityRole', role.id, { claims: list(before.map((b) => ({ claimType: b.claim_type, claimValue: b.claim_value }))) }, { claims: list(claims) })],
      });
    });
    return reply.status(204).send();
  });
}
