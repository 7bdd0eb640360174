import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { queryParam, readPaging, readSorting } from '../http/paging';
import { deviceDto } from './device-dto';
import { promotionsOptedIn } from './promotions';
import { receiverDto } from './receiver-dto';
import { releaseDevice } from './release-device';
import { ownDevices, ownerOf, requireOwnDevice } from './scope';
import { withLiveState } from '../ingest/live-state';
import { HAND_CHECKED } from '../http/resource-route-schemas';
import { DASHBOARD_QUERY, DEVICE_PAGE, DEVICE_WITH_RECEIVERS, ID_PARAM, NO_CONTENT } from './route-schemas';

const DASHBOARD = POLICIES.dashboard;
const tags = ['productInstance-dashboard'];

const SORTABLE = {
  name: 'name',
  status: 'status',
  subscriptionStatus: 'subscription_status',
  batteryLevel: 'battery_level',
  lastContact: 'last_contact',
  creationTime: 'creation_time',
} as const;

/** Escapes LIKE's wildcards so a filter matches what was typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The dashboard's reads under /api/app/productInstance (SPEC section 7), on the caller's own
 * devices only, and deleting one of them. The schema resource at the same endpoint serves staff
 * (Vigil.Devices); its `DELETE /{id}` needs Vigil.Devices.Delete, which caregivers do not hold, so
 * a caregiver deletes through `DELETE /api/app/productInstance/dashboard/{id}` (a path the schema
 * engine's `/{id}` routes cannot match).
 */
export async function productInstanceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const base = '/api/app/productInstance';

  // Paging is checked by readPaging, with translated messages (HAND_CHECKED).
  const pageSchema = { tags, summary: "The caller's devices, paged, for the dashboard", querystring: DASHBOARD_QUERY, response: { 200: DEVICE_PAGE } };
  app.get(`${base}/pagedDashboard`, { config: { policy: DASHBOARD }, ...HAND_CHECKED, schema: pageSchema }, async (request) => {
    const lang = request.language;
    const query = request.query as Record<string, unknown>;
    const { skip, take } = readPaging(query, lang);
    const sort = readSorting(query, SORTABLE, { field: 'name', desc: false }, lang);
    const filter = queryParam(query, 'filter');
    const owner = ownerOf(request);
    const scoped = ownDevices(db, owner).$if(typeof filter === 'string' && filter.trim() !== '', (q) =>
      q.where((eb) => eb.or([eb('name', 'ilike', likeText(String(filter).trim())), eb('imei', 'ilike', likeText(String(filter).trim()))])),
    );
    const [{ count }, rows] = await Promise.all([
      scoped.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      scoped
        .selectAll()
        .orderBy(sort.field, (ob) => (sort.desc ? ob.desc().nullsLast() : ob.asc().nullsLast()))
        .orderBy('id')
        .offset(skip)
        .limit(take)
        .execute(),
    ]);
    const [promotions, live] = await Promise.all([promotionsOptedIn(db, rows.map((r) => r.id)), withLiveState(db, rows)]);
    return { totalCount: Number(count), items: live.map((r) => deviceDto(r, promotions.has(r.id))) };
  });

  app.get<{ Params: { id: string } }>(
    `${base}/with-navigation-properties/:id`,
    { config: { policy: DASHBOARD }, schema: { tags, summary: "One of the caller's devices with its alarm receivers", params: ID_PARAM, response: { 200: DEVICE_WITH_RECEIVERS } } },
    async (request) => {
      const device = await requireOwnDevice(db, ownerOf(request), request.params.id, request.language);
      const [promotions, receivers] = await Promise.all([
        promotionsOptedIn(db, [device.id]),
        db.selectFrom('device_alarm_receivers').selectAll().where('device_id', '=', device.id).orderBy('creation_time').orderBy('id').execute(),
      ]);
      return { productInstance: deviceDto(device, promotions.has(device.id)), alarmReceivers: receivers.map(receiverDto) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${base}/dashboard/:id`,
    { config: { policy: `${DASHBOARD}.Delete` }, schema: { tags, summary: "Take one of the caller's devices off the account (back to the tenant's stock)", params: ID_PARAM, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      await releaseDevice(db, ownerOf(request), request.params.id, request.language);
      return reply.status(204).send();
    },
  );
}
