import type { FastifyRequest } from 'fastify';
import { isNullable, nonNullTypes } from '../../common/schema/naming';
import { checkRecordRules, describeErrors, type SchemaError } from '../../common/schema/validation';
import { badRequest, conflict } from '../http/errors';
import { translate } from '../localization/texts';
import type { Db } from '../db/database';
import { seesEveryTenant, tenantDisplayName } from '../multitenancy/tenant-names';
import { SYSTEM_FIELD_COLUMNS, fieldLabel, type DynamicDb, type ResourceModel } from './resource-model';
import { sanitizeRichTextIn } from './rich-text';

/**
 * Before validation: drop what a client may send back but never writes (system, read-only and
 * computed fields, as react-admin sends whole records), and read an empty string in a field that
 * may be null as "no value". Rich text keeps only the shared allow-list (common/rich-text.ts).
 * Anything else unknown stays, so validation refuses it.
 */
export function normalizeBody(model: ResourceModel, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key in SYSTEM_FIELD_COLUMNS && key !== 'concurrencyStamp') continue;
    const property = model.schema.properties[key];
    if (property && (property.readOnly || property['x-computed'])) continue;
    const emptyMeansNull = property && value === '' && (isNullable(property.type) || nonNullTypes(property.type)[0] !== 'string');
    out[key] = emptyMeansNull ? null : property ? sanitizeRichTextIn(property, value) : value;
  }
  return out;
}

/** ABP's 400 with one translated message per field. */
export function validationFailure(model: ResourceModel, errors: readonly SchemaError[], lang: string) {
  const problems = describeErrors(errors, model.schema).map((p) => {
    const values: Record<string, string | number> = { ...p.values, field: fieldLabel(model.schema, p.member, lang) };
    if (typeof p.values.other === 'string') values.other = fieldLabel(model.schema, p.values.other, lang);
    return { message: translate(p.key, lang, values), members: [p.member] };
  });
  return badRequest(translate('errors.validation', lang), problems);
}

/** The `x-after` rules on the record as it will be after the write. */
export function checkRules(model: ResourceModel, record: Record<string, unknown>, lang: string): void {
  const errors = checkRecordRules(record, model.schema);
  if (errors.length) throw validationFailure(model, errors, lang);
}

/**
 * A reference to a live record of another tenant than the one written to, as a host user who sees
 * every tenant may send it (the tenant filter on All): refused with what it is, whose record it is
 * and what to choose instead, not as a bare "is invalid" on a field the form may not show.
 */
async function otherTenantReference(db: DynamicDb, model: ResourceModel, target: ResourceModel, field: string, value: string, tenantId: string | null, request: FastifyRequest) {
  if (!seesEveryTenant(request)) return undefined;
  const found = await db.selectFrom(target.table).select('tenant_id').where('id', '=', value).where('is_deleted', '=', false).executeTakeFirst();
  if (!found) return undefined;
  const owner = (found.tenant_id as string | null) ?? null;
  if (owner === tenantId) return undefined;
  const lang = request.language;
  const names = db as unknown as Db;
  const message = translate('errors.referenceInAnotherTenant', lang, {
    field: fieldLabel(model.schema, field, lang),
    tenant: await tenantDisplayName(names, owner, lang),
    target: await tenantDisplayName(names, tenantId, lang),
  });
  return badRequest(message, [{ message, members: [field] }], 'Vigil:ReferenceInAnotherTenant');
}

/**
 * References must name a live record the writer may see: a tenant resource's record of the same
 * tenant, or a host resource's record. Unique fields must be free among the tenant's live records.
 */
export async function checkReferencesAndUniques(
  db: DynamicDb,
  model: ResourceModel,
  models: Map<string, ResourceModel>,
  record: Record<string, unknown>,
  tenantId: string | null,
  request: FastifyRequest,
  selfId?: string,
): Promise<void> {
  const errors: SchemaError[] = [];
  for (const [field, property] of Object.entries(model.schema.properties)) {
    const value = record[field];
    if (value === null || value === undefined) continue;
    const ref = property['x-reference'];
    if (ref) {
      const target = models.get(ref.resource)!;
      const targetTenant = target.schema['x-resource'].scope === 'host' ? null : tenantId;
      let q = db.selectFrom(target.table).select('id').where('id', '=', String(value)).where('is_deleted', '=', false);
      q = targetTenant === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', targetTenant);
      if (!(await q.executeTakeFirst())) {
        const elsewhere = target.schema['x-resource'].scope === 'host' ? undefined : await otherTenantReference(db, model, target, field, String(value), tenantId, request);
        if (elsewhere) throw elsewhere;
        errors.push({ keyword: 'reference', instancePath: `/${field}`, params: {} });
      }
    }
    const unique = property['x-unique'];
    if (unique) {
      const column = model.columnOf.get(field)!;
      let q = db.selectFrom(model.table).select('id').where(column, '=', value).where('is_deleted', '=', false);
      const global = typeof unique === 'object' && unique.scope === 'global';
      if (!global) q = tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', tenantId);
      if (selfId) q = q.where('id', '<>', selfId);
      if (await q.executeTakeFirst()) errors.push({ keyword: 'unique', instancePath: `/${field}`, params: {} });
    }
  }
  if (errors.length) throw validationFailure(model, errors, request.language);
}

/** Fills fields the client left out with the schema's `default` (creates only). */
export function withDefaults(model: ResourceModel, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const field of model.writable) {
    const fallback = model.schema.properties[field]!.default;
    if (!(field in out) && fallback !== undefined) out[field] = fallback;
  }
  return out;
}

/** A write that raced past the uniqueness check and met the index: the same answer as the check. */
export function uniqueRace(request: FastifyRequest) {
  return conflict(translate('errors.concurrency', request.language));
}

