import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { notFound } from '../http/errors';
import { translate } from '../localization/texts';

/**
 * The tenant an identity request works in (null: the host). A host user who picked all tenants
 * (`__tenant` = the all-zero UUID) reads every tenant's users and roles in lists and by id; a
 * change by id then happens in the record's own tenant, and everything else (create, lookups,
 * permission management) in the host.
 */
export interface Scope {
  tenantId: string | null;
  all: boolean;
}

export const scopeOf = (request: FastifyRequest): Scope => ({ tenantId: request.tenantId, all: request.allTenants });

export { UUID } from '../http/uuid';

/** `column = value`, or `column is null` for null (an index-friendly 'is not distinct from'). */
export function columnIs(column: string, value: string | null): RawBuilder<boolean> {
  return value === null ? sql<boolean>`${sql.ref(column)} is null` : sql<boolean>`${sql.ref(column)} = ${value}`;
}

/** `column = tenant`, or `column is null` for the host. */
export const tenantIs = (column: string, tenantId: string | null) => columnIs(column, tenantId);

/** The tenant condition of a scope: nothing when a host user reads every tenant. */
export function inScope(column: string, scope: Scope): RawBuilder<boolean> {
  return scope.all ? sql<boolean>`true` : tenantIs(column, scope.tenantId);
}

export const entityNotFound = (request: FastifyRequest) => notFound(translate('errors.entityNotFound', request.language));
