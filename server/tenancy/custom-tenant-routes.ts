import { randomUUID } from 'node:crypto';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import { conflict } from '../http/errors';
import { translate } from '../localization/texts';
import { refuseTenantUsers } from '../permissions/host-only';
import type { Api } from '../http/route-schemas';
import { CONFLICT, CUSTOM_TENANT, ID_PARAMS, TENANT_LOOKUP } from './route-schemas';
import { cleanCustomTenantBody, CUSTOM_TENANT_BODY, customColumns } from './tenant-body';
import { customTenantDto, findTenant, requireTenant } from './tenants';
import { isTenantAvailable } from '../multitenancy/tenant-state';

const ENDPOINT = '/api/app/customTenant';

/**
 * The back office's own tenant fields (contact email, phone number, address, customer number,
 * notes) at `/api/app/customTenant/{id}`, and the tenant list of the app bar's tenant filter at
 * `/lookup`: the tenants a host user can switch to (active, not expired), by name.
 */
export async function customTenantRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const tags = ['tenants'];

  app.get(`${ENDPOINT}/lookup`, { config: { policy: POLICIES.tenants }, schema: { tags, summary: 'Tenants to pick in the tenant filter', response: { 200: TENANT_LOOKUP } } }, async () => {
    const rows = await db.selectFrom('tenants').select(['id', 'name', 'is_active', 'activation_end_date']).where('is_deleted', '=', false).where('is_active', '=', true).orderBy('name').execute();
    return { items: rows.filter((r) => isTenantAvailable(r)).map((r) => ({ id: r.id, name: r.name })) };
  });

  app.get(`${ENDPOINT}/:id`, { config: { policy: POLICIES.tenants }, schema: { tags, summary: "Get a tenant's own fields", params: ID_PARAMS, response: { 200: CUSTOM_TENANT } } }, async (request) =>
    customTenantDto(await requireTenant(db, request.params.id, request.language)),
  );

  app.put(`${ENDPOINT}/:id`, {
    config: { policy: `${POLICIES.tenants}.Update` },
    preValidation: cleanCustomTenantBody,
    schema: { tags, summary: "Update a tenant's own fields", params: ID_PARAMS, body: CUSTOM_TENANT_BODY, response: { 200: CUSTOM_TENANT, ...CONFLICT } },
  }, async (request) => {
    const lang = request.language;
    const existing = await requireTenant(db, request.params.id, lang);
    const input = request.body;
    const stale = () => conflict(translate('errors.concurrency', lang));
    if (input.concurrencyStamp !== undefined && input.concurrencyStamp !== existing.concurrency_stamp) throw stale();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('tenants')
        .set({ ...customColumns(input), last_modification_time: new Date(), concurrency_stamp: randomUUID() })
        .where('id', '=', existing.id)
        .where('concurrency_stamp', '=', existing.concurrency_stamp)
        .where('is_deleted', '=', false)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw stale();
      const view = (r: typeof existing) => {
        const { id: _id, concurrencyStamp: _s, ...fields } = customTenantDto(r);
        return fields;
      };
      await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('Tenant', existing.id, view(existing), view(row))] });
    });
    return customTenantDto((await findTenant(db, existing.id))!);
  });
}
