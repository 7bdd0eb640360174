import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { ABP_ERROR_RESPONSE, notFound } from '../http/errors';
import { tenantIs } from '../multitenancy/scope';
import { translate } from '../localization/texts';
import type { DynamicDb } from '../schema-engine/resource-model';
import { withLinks } from './geofence-store';
import { withLiveState } from '../ingest/live-state';
import { ID_PARAMS, listResult, NULLABLE_NUMBER, NULLABLE_STRING, NULLABLE_TIME, UUID_STRING, type Api } from '../http/route-schemas';
import { GEOFENCE } from './route-schemas';

const CITIZEN_DEVICE = {
  type: 'object',
  required: ['id', 'name', 'imei', 'model', 'status', 'subscriptionStatus', 'batteryLevel', 'lastContact'],
  properties: {
    id: UUID_STRING,
    name: { type: 'string' },
    imei: { type: 'string' },
    model: NULLABLE_STRING,
    status: { type: 'string' },
    subscriptionStatus: { type: 'string' },
    batteryLevel: NULLABLE_NUMBER,
    lastContact: NULLABLE_TIME,
  },
  additionalProperties: false,
} as const;

const ALARM_RECEIVER = {
  type: 'object',
  required: ['id', 'deviceId', 'deviceName', 'name', 'email', 'status', 'language'],
  properties: {
    id: UUID_STRING,
    deviceId: UUID_STRING,
    deviceName: { type: 'string' },
    name: NULLABLE_STRING,
    email: { type: 'string' },
    status: { type: 'string', enum: ['invited', 'active'] },
    language: NULLABLE_STRING,
  },
  additionalProperties: false,
} as const;

/**
 * The care side of a citizen (citizens/{id}): their devices, the zones linked to them or to their
 * devices, and the alarm receivers of their devices. Staff of the citizen's tenant only.
 */
export async function citizenCareRoutes(app: Api, db: Db) {
  const dyn = db as unknown as DynamicDb;

  /** The citizen's live devices' ids, after checking the citizen is in the caller's tenant (else 404). */
  async function deviceIdsOf(request: FastifyRequest, id: string): Promise<string[]> {
    const citizen = await dyn.selectFrom('citizens').select('id').where('id', '=', id).where('is_deleted', '=', false).where(tenantIs('tenant_id', request.tenantId)).executeTakeFirst();
    if (!citizen) throw notFound(translate('errors.entityNotFound', request.language));
    const rows = await dyn.selectFrom('devices').select('id').where('citizen_id', '=', id).where('is_deleted', '=', false).where(tenantIs('tenant_id', request.tenantId)).execute();
    return rows.map((r) => String(r.id));
  }

  const config = { policy: POLICIES.citizens };
  /** Each route's description: the citizen's id, a list of items, and ABP's refusals. */
  const schema = <I extends object>(summary: string, item: I) => ({
    tags: ['citizens'],
    summary,
    params: ID_PARAMS,
    response: {
      200: listResult(item),
      401: ABP_ERROR_RESPONSE,
      403: ABP_ERROR_RESPONSE,
      404: ABP_ERROR_RESPONSE,
    },
  });

  app.get('/api/app/monitoredObject/:id/devices', { config, schema: schema("A citizen's devices", CITIZEN_DEVICE) }, async (request) => {
    const ids = await deviceIdsOf(request, request.params.id);
    const rows = ids.length
      ? await db.selectFrom('devices').select(['id', 'name', 'imei', 'model', 'status', 'subscription_status', 'battery_level', 'last_contact']).where('id', 'in', ids).orderBy('name').execute()
      : [];
    const items = (await withLiveState(db, rows)).map((r) => ({ id: r.id, name: r.name, imei: r.imei, model: r.model, status: r.status, subscriptionStatus: r.subscription_status, batteryLevel: r.battery_level, lastContact: r.last_contact }));
    return { items };
  });

  app.get('/api/app/monitoredObject/:id/geofences', { config, schema: schema('Geofences linked to a citizen or to their devices', GEOFENCE) }, async (request) => {
    const { id } = request.params;
    const ids = await deviceIdsOf(request, id);
    const rows = await db
      .selectFrom('geofences as g')
      .selectAll('g')
      .where('g.is_deleted', '=', false)
      .where(tenantIs('g.tenant_id', request.tenantId))
      .where('g.id', 'in', (eb) =>
        eb
          .selectFrom('geofence_links as l')
          .select('l.geofence_id')
          .where((w) => w.or([w('l.citizen_id', '=', id), ...(ids.length ? [w('l.device_id', 'in', ids)] : [])])),
      )
      .orderBy('g.name')
      .execute();
    return { items: await withLinks(db, rows) };
  });

  app.get('/api/app/monitoredObject/:id/alarm-responders', { config, schema: schema("The alarm receivers of a citizen's devices", ALARM_RECEIVER) }, async (request) => {
    const ids = await deviceIdsOf(request, request.params.id);
    const items = ids.length
      ? await db
          .selectFrom('device_alarm_receivers as r')
          .innerJoin('devices as d', 'd.id', 'r.device_id')
          .select(['r.id', 'r.device_id as deviceId', 'd.name as deviceName', 'r.name', 'r.email', 'r.status', 'r.language'])
          .where('r.device_id', 'in', ids)
          .orderBy('r.email')
          .execute()
      : [];
    return { items };
  });
}
