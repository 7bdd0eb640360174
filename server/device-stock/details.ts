import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { contains } from '../db/like';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import type { DynamicDb } from '../schema-engine/resource-model';
import { scopedRows } from '../schema-engine/scoping';
import { modelOf } from '../schema-engine/records';
import { searchExpression } from '../schema-engine/search-indexes';
import { recordHistory, requireDevice, visibleDevices } from './scope';
import { DEVICE_SEARCH_COLUMNS } from './stock-list';
import type { SalesType } from './tables';

/** product-lookup, nameandOrganization/{id} and changesalestype/{id}: small per-device edits and the device picker. */
export const LOOKUP_LIMIT = 50;

/** Devices by name, IMEI or device ID for pickers (troubleshooting, exchange): `{ items: [{ id, displayName, name, imei }] }`. */
export async function productLookup(db: Db, request: FastifyRequest, query: { Filter?: string; MaxResultCount?: number }) {
  const filter = query.Filter?.trim() ?? '';
  const take = query.MaxResultCount ?? 20;
  let q = visibleDevices(db, request);
  if (filter) {
    const pattern = contains(filter);
    // lower(column): the expression the search indexes hold (search-indexes.ts).
    q = q.where((eb) => eb.or(DEVICE_SEARCH_COLUMNS.map((column) => eb(searchExpression(column), 'ilike', pattern))));
  }
  const rows = await q.select(['d.id', 'd.name', 'd.imei', 'd.model']).orderBy('d.name').orderBy('d.id').limit(take).execute();
  return { totalCount: rows.length, items: rows.map((r) => ({ id: r.id, displayName: `${r.name} (${r.imei})`, name: r.name, imei: r.imei, model: r.model })) };
}

export async function nameAndOrganization(db: Db, engine: SchemaEngine, request: FastifyRequest, id: string) {
  const device = await requireDevice(db, request, id);
  const organizations = modelOf(engine, 'organizations');
  const org = device.organization_id
    ? await (db as unknown as DynamicDb).selectFrom(organizations.table).select('name').where('id', '=', device.organization_id).executeTakeFirst()
    : undefined;
  return { id: device.id, name: device.name, organizationId: device.organization_id, organizationName: org ? String(org.name) : null };
}

export async function setNameAndOrganization(db: Db, engine: SchemaEngine, request: FastifyRequest, id: string, body: { name: string; organizationId?: string | null }) {
  const lang = request.language;
  await db.transaction().execute(async (trx) => {
    const device = await requireDevice(trx, request, id);
    const organizationId = body.organizationId ?? null;
    if (organizationId !== null) {
      const organizations = modelOf(engine, 'organizations');
      const org = await scopedRows(trx as unknown as DynamicDb, organizations, request, 'o').select(['o.id', 'o.tenant_id']).where('o.id', '=', organizationId).executeTakeFirst();
      if (!org || org.tenant_id !== device.tenant_id) {
        const message = translate('stock:errors.organizationNotFound', lang);
        throw badRequest(message, [{ message, members: ['organizationId'] }]);
      }
    }
    await trx.updateTable('devices').set({ name: body.name.trim(), organization_id: organizationId, concurrency_stamp: sql`gen_random_uuid()::text` }).where('id', '=', device.id).execute();
    await recordHistory(trx, request, device, 'nameAndOrganization', { name: body.name.trim(), organizationId, previousName: device.name, previousOrganizationId: device.organization_id });
  });
  return nameAndOrganization(db, engine, request, id);
}

export async function changeSalesType(db: Db, request: FastifyRequest, id: string, salesType: SalesType) {
  return db.transaction().execute(async (trx) => {
    const device = await requireDevice(trx, request, id);
    if (device.sales_type !== salesType) {
      await trx.updateTable('devices').set({ sales_type: salesType, concurrency_stamp: sql`gen_random_uuid()::text` }).where('id', '=', device.id).execute();
      await recordHistory(trx, request, device, 'salesType', { salesType, previous: device.sales_type });
    }
    return { id: device.id, salesType };
  });
}
