import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { forbidden } from '../http/errors';
import { translate } from '../localization/texts';
import type { DynamicDb, ResourceModel } from './resource-model';

/** The tenant whose rows a request reads and writes: host and shared resources the host's (null). */
export function writeTenant(model: ResourceModel, request: FastifyRequest): string | null {
  return model.schema['x-resource'].scope === 'tenant' ? request.tenantId : null;
}

/**
 * Tenant users may not touch host resources at all, nor write shared ones, whatever policy they
 * were given: those rows are the service provider's.
 */
export function assertScopeAllowed(model: ResourceModel, request: FastifyRequest, access: 'read' | 'write'): void {
  const scope = model.schema['x-resource'].scope;
  const tenantUser = Boolean(request.principal?.tenantId);
  if (tenantUser && (scope === 'host' || (scope === 'shared' && access === 'write'))) {
    throw forbidden(translate('errors.hostOnly', request.language));
  }
}

/**
 * The rows a request may see: not deleted, and in its tenant (the host's own rows when the tenant
 * is null). A host user who picked all tenants sees every tenant's rows of a tenant resource.
 * Every read, update and delete starts here, so isolation does not depend on the caller.
 */
export function scopedRows(db: DynamicDb, model: ResourceModel, request: FastifyRequest, alias = model.table) {
  let q = db.selectFrom(`${model.table} as ${alias}`).where(`${alias}.is_deleted`, '=', false);
  const everyTenant = request.allTenants && model.schema['x-resource'].scope === 'tenant';
  if (!everyTenant) {
    const tenant = writeTenant(model, request);
    q = tenant === null ? q.where(`${alias}.tenant_id`, 'is', null) : q.where(`${alias}.tenant_id`, '=', tenant);
  }
  return q;
}

/** Row-count subqueries of x-computed fields, as extra select columns. */
export function computedSelections(model: ResourceModel, models: Map<string, ResourceModel>, alias: string) {
  return Object.entries(model.schema.properties)
    .filter(([, p]) => p['x-computed'])
    .map(([field, p]) => {
      const { resource, field: refField } = p['x-computed']!.count;
      const other = models.get(resource)!;
      const column = other.columnOf.get(refField)!;
      return sql<number>`(select count(*)::int from ${sql.id(other.table)} o where o.${sql.id(column)} = ${sql.ref(`${alias}.id`)} and not o.is_deleted)`.as(
        field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(),
      );
    });
}
