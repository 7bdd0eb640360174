import type { FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import type { TenantsTable } from './tables';
import { translate } from '../localization/texts';
import { invalid } from '../http/body-validation';
import type { Checked } from '../http/route-schemas';
import { isUuid } from '../http/uuid';
import { normalize } from '../identity/user-records';
import { ActivationState, type TenantActivation } from '../multitenancy/tenant-state';

/**
 * Request bodies of tenant management: ABP SaaS's create/update (name, activationState or
 * isActive, activationEndDate) and the back office's own tenant fields (`/api/app/customTenant`:
 * contactEmail, phoneNumber, address, customerNumber, notes). A field left out stays as it is; an
 * empty string clears an optional field. What a client sends back from a read (id, times,
 * extraProperties) is ignored; anything else unknown is refused.
 */
export const TENANT_NAME_MAX = 64;

const CUSTOM_PROPERTIES = {
  contactEmail: { type: ['string', 'null'], maxLength: 256, format: 'email' },
  phoneNumber: { type: ['string', 'null'], maxLength: 20, pattern: '^\\+?[0-9]{4,19}$' },
  address: { type: ['string', 'null'], maxLength: 512 },
  customerNumber: { type: ['string', 'null'], maxLength: 64 },
  notes: { type: ['string', 'null'], maxLength: 4000 },
} as const;

const STAMP = { concurrencyStamp: { type: 'string', maxLength: 64 } } as const;

/** The tenant body (ABP SaaS's create/update DTO with the custom fields), also the routes' body schema. */
export const TENANT_BODY = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TENANT_NAME_MAX },
    activationState: { enum: [ActivationState.Active, ActivationState.ActiveWithLimitedTime, ActivationState.Passive] },
    isActive: { type: 'boolean' },
    activationEndDate: { type: ['string', 'null'], format: 'date-time' },
    ...CUSTOM_PROPERTIES,
    ...STAMP,
  },
  required: ['name'],
  additionalProperties: false,
} as const;
export type TenantBody = Checked<typeof TENANT_BODY>;

export const CUSTOM_TENANT_BODY = { type: 'object', properties: { ...CUSTOM_PROPERTIES, ...STAMP }, additionalProperties: false } as const;
type CustomTenantFields = Checked<typeof CUSTOM_TENANT_BODY>;

/** Read-only fields of the tenant DTOs that clients (react-admin) send back with a whole record. */
const READ_ONLY = new Set(['id', 'isAvailable', 'creationTime', 'lastModificationTime', 'extraProperties', 'editionId', 'editionName']);

function cleaned(body: unknown, readOnly: ReadonlySet<string> = READ_ONLY): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (readOnly.has(key)) continue;
    out[key] = key in CUSTOM_PROPERTIES && typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/**
 * preValidation of the tenant bodies: before the schema checks it, the read-only fields a client
 * sends back are dropped, texts trimmed, and an empty optional field is null (cleared).
 */
export async function cleanTenantBody(request: FastifyRequest): Promise<void> {
  request.body = cleaned(request.body);
}

/** The custom fields' DTO shows the name too; it is changed at /api/saas/tenants only. */
const CUSTOM_READ_ONLY = new Set([...READ_ONLY, 'name']);

export async function cleanCustomTenantBody(request: FastifyRequest): Promise<void> {
  request.body = cleaned(request.body, CUSTOM_READ_ONLY);
}

/** A tenant name must not read as a tenant id or as the host ('null'): `__tenant` accepts both. */
export function refuseReservedName(name: string, lang: string): void {
  if (isUuid(name) || name.toLowerCase() === 'null') throw invalid(lang, [{ message: translate('tenants.reservedName', lang), members: ['name'] }]);
}

/** The columns of the custom fields present in the body. */
export function customColumns(input: CustomTenantFields): Updateable<TenantsTable> {
  const columns: Updateable<TenantsTable> = {};
  if (input.contactEmail !== undefined) columns.contact_email = input.contactEmail;
  if (input.phoneNumber !== undefined) columns.phone_number = input.phoneNumber;
  if (input.address !== undefined) columns.address = input.address;
  if (input.customerNumber !== undefined) columns.customer_number = input.customerNumber;
  if (input.notes !== undefined) columns.notes = input.notes;
  return columns;
}

/**
 * The activation columns after applying the body to the current ones (none on create):
 * activationState wins over isActive; Active clears the end date; ActiveWithLimitedTime needs one.
 */
export function activationColumns(input: TenantBody, current: TenantActivation | undefined, lang: string): TenantActivation {
  let isActive = current?.is_active ?? true;
  let end = current?.activation_end_date ?? null;
  if (input.activationEndDate !== undefined) end = input.activationEndDate ? new Date(input.activationEndDate) : null;
  if (input.isActive !== undefined) isActive = input.isActive;
  if (input.activationState !== undefined) {
    isActive = input.activationState !== ActivationState.Passive;
    if (input.activationState === ActivationState.Active) end = null;
    if (input.activationState === ActivationState.ActiveWithLimitedTime && !end) {
      throw invalid(lang, [{ message: translate('validation:required', lang, { field: 'activationEndDate' }), members: ['activationEndDate'] }]);
    }
  }
  return { is_active: isActive, activation_end_date: end };
}

export function nameColumns(name: string) {
  return { name, normalized_name: normalize(name) };
}
