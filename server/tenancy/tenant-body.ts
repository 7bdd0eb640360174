import type { Updateable } from 'kysely';
import type { TenantsTable } from './tables';
import { translate } from '../localization/texts';
import { bodyValidator, invalid } from '../http/body-validation';
import { normalize } from '../identity/user-records';
import { ActivationState, type TenantActivation } from '../multitenancy/tenant-state';

/**
 * Request bodies of tenant management: ABP SaaS's create/update (name, activationState or
 * isActive, activationEndDate) and the back office's own tenant fields (`/api/app/customTenant`:
 * contactEmail, phoneNumber, address, customerNumber, notes). A field left out stays as it is; an
 * empty string clears an optional field. What a client sends back from a read (id, times,
 * extraProperties) is ignored; anything else unknown is refused.
 */
export interface CustomTenantFields {
  contactEmail?: string | null;
  phoneNumber?: string | null;
  address?: string | null;
  customerNumber?: string | null;
  notes?: string | null;
}

export interface TenantBody extends CustomTenantFields {
  name: string;
  activationState?: ActivationState;
  isActive?: boolean;
  activationEndDate?: string | null;
  concurrencyStamp?: string;
}

export const TENANT_NAME_MAX = 64;

const nullableText = (maxLength: number, extra: object = {}) => ({ type: ['string', 'null'], maxLength, ...extra });

const CUSTOM_PROPERTIES = {
  contactEmail: nullableText(256, { format: 'email' }),
  phoneNumber: nullableText(20, { pattern: '^\\+?[0-9]{4,19}$' }),
  address: nullableText(512),
  customerNumber: nullableText(64),
  notes: nullableText(4000),
};

const STAMP = { concurrencyStamp: { type: 'string', maxLength: 64 } };

/** The tenant body (ABP SaaS's create/update DTO with the custom fields), also the routes' body schema. */
export const TENANT_BODY = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TENANT_NAME_MAX },
    activationState: { enum: Object.values(ActivationState) },
    isActive: { type: 'boolean' },
    activationEndDate: { type: ['string', 'null'], format: 'date-time' },
    ...CUSTOM_PROPERTIES,
    ...STAMP,
  },
  required: ['name'],
  additionalProperties: false,
};

export const CUSTOM_TENANT_BODY = { type: 'object', properties: { ...CUSTOM_PROPERTIES, ...STAMP }, additionalProperties: false };

const validateTenant = bodyValidator<TenantBody>(TENANT_BODY);
const validateCustom = bodyValidator<CustomTenantFields & { concurrencyStamp?: string }>(CUSTOM_TENANT_BODY);

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

/** A tenant name must not read as a tenant id or as the host ('null'): `__tenant` accepts both. */
const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readTenantBody(body: unknown, lang: string): TenantBody {
  const input = validateTenant(cleaned(body), lang);
  if (UUID_LIKE.test(input.name) || input.name.toLowerCase() === 'null') {
    throw invalid(lang, [{ message: translate('tenants.reservedName', lang), members: ['name'] }]);
  }
  return input;
}

/** The custom fields' DTO shows the name too; it is changed at /api/saas/tenants only. */
const CUSTOM_READ_ONLY = new Set([...READ_ONLY, 'name']);

export function readCustomTenantBody(body: unknown, lang: string) {
  return validateCustom(cleaned(body, CUSTOM_READ_ONLY), lang);
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
