import type { PropertySchema } from '../../common/schema/types';
import type { ResourceModel } from './resource-model';

/** Strips the engine's x- keywords: what ajv and OpenAPI see of a property. */
function plain(property: PropertySchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(property).filter(([k]) => !k.startsWith('x-')));
}

/** The body a create, update or patch accepts: writable fields only, no unknown ones. */
export function bodySchema(model: ResourceModel, mode: 'create' | 'update' | 'patch') {
  const properties: Record<string, unknown> = {};
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
