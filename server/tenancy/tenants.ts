import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { TenantsTable } from './tables';
import { badRequest, notFound } from '../http/errors';
import { filterOf, pagingOf, sortingOf } from '../http/paging';
import type { Checked } from '../http/route-schemas';
import { isUuid } from '../http/uuid';
import { contains } from '../db/like';
import { TENANT_SORTING, type TENANT_LIST_QUERY } from './route-schemas';
import { translate } from '../localization/texts';
import { normalize } from '../identity/user-records';
import { ActivationState, activationStateOf, isTenantAvailable } from '../multitenancy/tenant-state';

/** Reading tenants: the DTOs, one tenant, the filtered page, the unique name check. */
export type TenantRow = Selectable<TenantsTable>;


export function customTenantDto(row: TenantRow) {
  return {
    id: row.id,
    name: row.name,
    contactEmail: row.contact_email,
    phoneNumber: row.phone_number,
    address: row.address,
    customerNumber: row.customer_number,
    notes: row.notes,
    concurrencyStamp: row.concurrency_stamp,
  };
}

/** ABP SaaS's TenantDto with the custom fields beside it; isAvailable: its users can work now. */
export function tenantDto(row: TenantRow) {
  return {
    ...customTenantDto(row),
    activationState: activationStateOf(row),
    activationEndDate: row.activation_end_date,
    isActive: row.is_active,
    isAvailable: isTenantAvailable(row),
    creationTime: row.creation_time,
    lastModificationTime: row.last_modification_time,
    extraProperties: {},
  };
}

/** A tenant that is not deleted, or undefined. */
export async function findTenant(db: Db, id: string): Promise<TenantRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('tenants').selectAll().where('id', '=', id).where('is_deleted', '=', false).executeTakeFirst();
}

export async function requireTenant(db: Db, id: string, lang: string): Promise<TenantRow> {
  const tenant = await findTenant(db, id);
  if (!tenant) throw notFound(translate('errors.entityNotFound', lang));
  return tenant;
}

export async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(name)).where('is_deleted', '=', false);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export const nameTakenError = (name: string, lang: string) => {
  const message = translate('tenants.nameTaken', lang, { name });
  return badRequest(translate('errors.validation', lang), [{ message, members: ['name'] }]);
};

/**
 * GET /api/saas/tenants: Filter (name, customer number or contact email contains), ActivationState
 * (0, 1, 2), ExpirationDateMin/Max (the activation end date), paging and sorting.
 */
export async function listTenants(db: Db, query: Checked<typeof TENANT_LIST_QUERY>) {
  const { skip, take } = pagingOf(query);
  const sort = sortingOf(query, TENANT_SORTING, { field: 'name', desc: false });
  const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
  const filter = filterOf(query);
  const state = query.ActivationState;
  const min = date(query.ExpirationDateMin);
  const max = date(query.ExpirationDateMax);

  let base = db.selectFrom('tenants').where('is_deleted', '=', false);
  if (filter) {
    const like = contains(filter);
    base = base.where((eb) => eb.or([eb('name', 'ilike', like), eb('customer_number', 'ilike', like), eb('contact_email', 'ilike', like)]));
  }
  if (state === ActivationState.Passive) base = base.where('is_active', '=', false);
  if (state === ActivationState.Active) base = base.where('is_active', '=', true).where('activation_end_date', 'is', null);
  if (state === ActivationState.ActiveWithLimitedTime) base = base.where('is_active', '=', true).where('activation_end_date', 'is not', null);
  if (min) base = base.where('activation_end_date', '>=', min);
  if (max) base = base.where('activation_end_date', '<=', max);

  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('id').offset(skip).limit(take).execute(),
  ]);
  return { totalCount: Number(count), items: rows.map(tenantDto) };
}
