import type {} from '@fastify/swagger';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { pagingOf, sortingOf } from '../http/paging';
import { ID_PARAMS, NO_CONTENT, type Api } from '../http/route-schemas';
import { deviceDto } from './device-dto';
import { promotionsOptedIn } from './promotions';
import { receiverDto } from './receiver-dto';
import { releaseDevice } from './release-device';
import { ownDevices, ownerOf, requireOwnDevice } from './scope';
import { withLiveState } from '../ingest/live-state';
import { DASHBOARD_QUERY, DASHBOARD_SORTABLE, DEVICE_PAGE, DEVICE_WITH_RECEIVERS } from './route-schemas';

const DASHBOARD = POLICIES.dashboard;
const tags = ['productInstance-dashboard'];

/** Escapes LIKE's wildcards so a filter matches what was typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The dashboard's reads under /api/app/productInstance (SPEC section 7), on the caller's own
 * devices only, and deleting one of them. The schema resource at the same endpoint serves staff
 * (Vigil.Devices); its `DELETE /{id}` needs Vigil.Devices.Delete, which caregivers do not hold, so
 * a caregiver deletes through `DELETE /api/app/productInstance/dashboard/{id}` (a path the schema
 * engine's `/{id}` routes cannot match).
 */
export async function productInstanceRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const base = '/api/app/productInstance';

  const pageSchema = { tags, summary: "The caller's devices, paged, for the dashboard", querystring: DASHBOARD_QUERY, response: { 200: DEVICE_PAGE } };
  app.get(`${base}/pagedDashboard`, { config: { policy: DASHBOARD }, schema: pageSchema }, async (request) => {
    const { skip, take } = pagingOf(request.query);
    const sort = sortingOf(request.query, DASHBOARD_SORTABLE, { field: 'name', desc: false });
    const filter = request.query.Filter?.trim() ?? '';
    const owner = ownerOf(request);
    const scoped = ownDevices(db, owner).$if(filter !== '', (q) => q.where((eb) => eb.or([eb('name', 'ilike', likeText(filter)), eb('imei', 'ilike', likeText(filter))])));
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

  app.get(
    `${base}/with-navigation-properties/:id`,
    { config: { policy: DASHBOARD }, schema: { tags, summary: "One of the caller's devices with its alarm receivers", params: ID_PARAMS, response: { 200: DEVICE_WITH_RECEIVERS } } },
    async (request) => {
      const device = await requireOwnDevice(db, ownerOf(request), request.params.id, request.language);
      const [promotions, receivers] = await Promise.all([
        promotionsOptedIn(db, [device.id]),
        db.selectFrom('device_alarm_receivers').selectAll().where('device_id', '=', device.id).orderBy('creation_time').orderBy('id').execute(),
      ]);
      return { productInstance: deviceDto(device, promotions.has(device.id)), alarmReceivers: receivers.map(receiverDto) };
    },
  );

  app.delete(
    `${base}/dashboard/:id`,
    { config: { policy: `${DASHBOARD}.Delete` }, schema: { tags, summary: "Take one of the caller's devices off the account (back to the tenant's stock)", params: ID_PARAMS, response: NO_CONTENT } },
    async (request, reply) => {
      await releaseDevice(db, ownerOf(request), request.params.id, request.language);
      return reply.status(204).send(null);
    },
  );
}
