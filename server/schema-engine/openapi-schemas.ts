import { nonNullTypes } from '../../common/schema/naming';
import type { PropertySchema } from '../../common/schema/types';
import { fieldOf, type FieldLabel } from '../http/validation-errors';
import { FILTER_PROPERTIES, INTEGER_FILTER, PAGING_PROPERTIES, sortingProperties, TEXT_FILTER, TIME_FILTER, UUID_STRING } from '../http/route-schemas';
import { fieldLabel, type ResourceModel } from './resource-model';

/** Strips the engine's x- keywords: what ajv and OpenAPI see of a property. */
function plain(property: PropertySchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(property).filter(([k]) => !k.startsWith('x-')));
}

/**
 * A schema the engine builds from a resource's JSON Schema at run time. Its fields are known only
 * then, so the type a route reads from it (json-schema-to-ts) is a record of unknown values: the
 * handler reads them through the model, after the route's check.
 */
export interface DynamicObjectSchema {
  readonly type: 'object';
  readonly properties: Record<string, Record<string, unknown>>;
  readonly required?: string[];
  readonly additionalProperties?: false;
}

/** The body a create, update or patch accepts: writable fields only, no unknown ones. */
export function bodySchema(model: ResourceModel, mode: 'create' | 'update' | 'patch'): DynamicObjectSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const field of model.writable) properties[field] = plain(model.schema.properties[field]!);
  if (mode === 'update') properties.concurrencyStamp = { type: 'string', maxLength: 64 };
  return {
    type: 'object',
    properties,
    // A patch (a bulk update's `data`) names only the fields it changes.
    required: mode === 'patch' ? [] : (model.schema.required ?? []).filter((f) => model.writable.includes(f)),
    additionalProperties: false,
  };
}

const SYSTEM = {
  id: { type: 'string', format: 'uuid' },
  tenantId: { type: ['string', 'null'], format: 'uuid' },
  creationTime: { type: 'string', format: 'date-time' },
  creatorId: { type: ['string', 'null'], format: 'uuid' },
  lastModificationTime: { type: ['string', 'null'], format: 'date-time' },
  lastModifierId: { type: ['string', 'null'], format: 'uuid' },
  concurrencyStamp: { type: 'string' },
};

/** A record as the API returns it (for the OpenAPI description). */
export function recordSchema(model: ResourceModel) {
  const properties: Record<string, unknown> = { ...SYSTEM };
  for (const [field, property] of Object.entries(model.schema.properties)) properties[field] = plain(property);
  return { type: 'object', properties };
}

/** A page of records: ABP's PagedResultDto. */
export function pageSchema(model: ResourceModel) {
  return {
    type: 'object',
    required: ['totalCount', 'items'],
    properties: { totalCount: { type: 'integer', minimum: 0 }, items: { type: 'array', items: recordSchema(model) } },
  };
}

/** `{ id }` of a record: the path parameter of get, update and delete. */
export const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'The record id (a UUID)' } } } as const;

/**
 * The list's query parameters as a route's schema checks them (the engine's list, the organization
 * lookups, the invoice export): ABP's paging, sorting and free-text filter, `id` (several ids:
 * getMany), and per field `field`, `field_gte` / `field_lte` (numbers and dates) and
 * `field_isNull` (optional fields). list-query.ts applyListParams then reads values already of
 * their type (the query's text coerced, route-validation.ts), and a parameter not declared here is
 * dropped. A field's own filter takes one value or several (any of them: `status=open&status=paid`).
 */
export function checkedListQuery(model: ResourceModel, options: { paging: boolean }): DynamicObjectSchema {
  const properties: Record<string, Record<string, unknown>> = {
    ...(options.paging ? PAGING_PROPERTIES : {}),
    ...sortingProperties(model.sortable),
    Filter: { ...FILTER_PROPERTIES.Filter, description: `Text searched in ${(model.schema['x-resource'].list.search ?? []).join(', ') || 'no field'}` },
    id: { type: 'array', items: UUID_STRING, description: 'Only these records (getMany)' },
  };
  for (const c of model.columns) {
    if (c.sqlType === 'jsonb') continue;
    const property = model.schema.properties[c.field]!;
    const [type = 'string'] = nonNullTypes(property.type);
    const time = c.sqlType === 'date' || c.sqlType === 'timestamp with time zone';
    const value = type === 'integer' ? INTEGER_FILTER : type === 'number' || type === 'boolean' ? { type } : time ? TIME_FILTER : c.sqlType === 'uuid' ? UUID_STRING : TEXT_FILTER;
    properties[c.field] = { type: 'array', items: value, description: 'One value, or several (any of them)' };
    if (type === 'integer' || type === 'number' || time) {
      properties[`${c.field}_gte`] = value;
      properties[`${c.field}_lte`] = value;
    }
    if (nonNullTypes(property.type).length !== [property.type].flat().length) properties[`${c.field}_isNull`] = { type: 'boolean' };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/**
 * A refused list parameter's label (a route's `config.fieldLabel`): a field's filter
 * (`batteryLevel`, `batteryLevel_gte`, `citizenId_isNull`) is named by the field's translated
 * label, as a record's own check names it; ABP's own parameters as ABP writes them (`Sorting`).
 */
export function listQueryLabel(model: ResourceModel): FieldLabel {
  return (member, lang) => {
    const name = fieldOf(member);
    const field = name.replace(/_(gte|lte|isNull)$/, '');
    return Object.hasOwn(model.schema.properties, field) ? fieldLabel(model.schema, field, lang) : name.charAt(0).toUpperCase() + name.slice(1);
  };
}
