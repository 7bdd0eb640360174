import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { pagingOf, sortingOf } from '../http/paging';
import type { Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { actorOf, checkTargets, linkableDevices, tenantCitizens } from './access';
import { areaOf, CIRCLE_BODY, GEOFENCE_BODY, LINKS_BODY, POLYGON_BODY, scheduleOf, type GeofenceInput } from './geofence-body';
import { createSchema, DELETED, GEOFENCE_LIST, GEOFENCE_SORTABLE, LINK_TARGETS, LINKS_SCHEMA, ONE_GEOFENCE, updateSchema } from './route-schemas';
import { deleteGeofence, findVisible, insertGeofence, replaceLinks, updateGeofence, visibleGeofences, withLinks } from './geofence-store';

const P = POLICIES.geofences;

/** /api/app/geofences (list, get, create, update, delete), geofence-circulars, geofence-polygons, geofenceLink/postMultiple. */
export async function geofenceRoutes(app: Api, db: Db) {
  const tags = ['geofences'];
  /** Route options: the policy and the schema. */
  const options = <S extends object>(policy: string, summary: string, schema: S) => ({ config: { policy }, schema: { tags, summary, ...schema } });
  const notThere = (request: FastifyRequest) => notFound(translate('errors.entityNotFound', request.language));
  const answer = async (request: FastifyRequest, id: string) => {
    const row = await findVisible(db, actorOf(request), id);
    if (!row) throw notThere(request);
    return (await withLinks(db, [row]))[0]!;
  };

  app.get('/api/app/geofences', options(P, 'Zones the caller may see', GEOFENCE_LIST), async (request) => {
    const query = request.query;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, GEOFENCE_SORTABLE, { field: GEOFENCE_SORTABLE.name, desc: false });
    let q = visibleGeofences(db, actorOf(request));
    const filter = query.Filter?.trim();
    if (filter) q = q.where('g.name', 'ilike', `%${filter.replace(/[\\%_]/g, '\\$&')}%`);
    if (query.shape) q = q.where('g.shape', '=', query.shape);
    for (const [param, column] of [['deviceId', 'l.device_id'], ['citizenId', 'l.citizen_id']] as const) {
      const value = query[param];
      if (value === undefined) continue;
      q = q.where('g.id', 'in', db.selectFrom('geofence_links as l').select('l.geofence_id').where(column, '=', value));
    }
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll('g').orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('g.id').offset(skip).limit(take).execute(),
    ]);
    return { totalCount: Number(count.n), items: await withLinks(db, rows) };
  });

  /** The devices (and, for staff, the citizens) this user may link zones to. */
  app.get('/api/app/geofences/link-targets', options(P, 'Devices and citizens zones can be linked to', LINK_TARGETS), async (request) => {
    const actor = actorOf(request);
    const devices = await linkableDevices(db, actor).select(['id', 'name', 'imei', 'model']).orderBy('name').limit(1000).execute();
    const citizens = actor.ownerId
      ? []
      : (await tenantCitizens(db, actor).select(['id', 'first_name', 'last_name']).orderBy('last_name').limit(1000).execute()).map((c) => ({
          id: String(c.id),
          name: `${String(c.first_name)} ${String(c.last_name)}`,
        }));
    return { devices, citizens };
  });

  app.get('/api/app/geofences/:id', options(P, 'One zone', ONE_GEOFENCE), async (request) => answer(request, request.params.id));

  /** Create and update of a body its route's schema checked: the generic endpoint takes `shape`, the others imply it. */
  const create = async (request: FastifyRequest, input: GeofenceInput, shape?: 'circle' | 'polygon') => {
    const lang = request.language;
    const area = areaOf(input, shape ?? input.shape, lang);
    const schedule = scheduleOf(input, lang);
    const actor = actorOf(request);
    const targets = await checkTargets(db, actor, input, lang);
    const id = await db.transaction().execute(async (trx) => {
      const created = await insertGeofence(trx, actor, { name: input.name.trim(), area, schedule });
      await replaceLinks(trx, created, actor.tenantId, targets);
      return created;
    });
    return answer(request, id);
  };

  const update = async (request: FastifyRequest, id: string, input: GeofenceInput, shape?: 'circle' | 'polygon') => {
    const lang = request.language;
    const actor = actorOf(request);
    const current = await findVisible(db, actor, id);
    if (!current) throw notThere(request);
    const area = areaOf(input, shape ?? input.shape ?? current.shape, lang);
    const schedule = scheduleOf(input, lang);
    const linksGiven = input.deviceIds !== undefined || input.citizenIds !== undefined;
    const targets = linksGiven ? await checkTargets(db, actor, input, lang) : undefined;
    const stamp = input.concurrencyStamp ?? current.concurrency_stamp;
    const written = await db.transaction().execute(async (trx) => {
      if (!(await updateGeofence(trx, id, stamp, { name: input.name.trim(), area, schedule }))) return false;
      if (targets) await replaceLinks(trx, id, current.tenant_id, targets);
      return true;
    });
    if (!written) throw conflict(translate('errors.concurrency', lang));
    return answer(request, id);
  };

  app.post('/api/app/geofences', options(`${P}.Create`, 'Creates a zone', createSchema(GEOFENCE_BODY)), (request) => create(request, request.body));
  app.put('/api/app/geofences/:id', options(`${P}.Update`, 'Updates a zone', updateSchema(GEOFENCE_BODY)), (request) => update(request, request.params.id, request.body));
  app.post('/api/app/geofence-circulars', options(`${P}.Create`, 'Creates a circular zone', createSchema(CIRCLE_BODY)), (request) => create(request, request.body, 'circle'));
  app.put('/api/app/geofence-circulars/:id', options(`${P}.Update`, 'Updates a circular zone', updateSchema(CIRCLE_BODY)), (request) => update(request, request.params.id, request.body, 'circle'));
  app.post('/api/app/geofence-polygons', options(`${P}.Create`, 'Creates a polygon zone', createSchema(POLYGON_BODY)), (request) => create(request, request.body, 'polygon'));
  app.put('/api/app/geofence-polygons/:id', options(`${P}.Update`, 'Updates a polygon zone', updateSchema(POLYGON_BODY)), (request) => update(request, request.params.id, request.body, 'polygon'));

  app.delete('/api/app/geofences/:id', options(`${P}.Delete`, 'Deletes a zone', DELETED), async (request, reply) => {
    const { id } = request.params;
    if (!(await findVisible(db, actorOf(request), id))) throw notThere(request);
    await db.transaction().execute((trx) => deleteGeofence(trx, id));
    return reply.status(204).send(null);
  });

  /** Links a zone to devices and citizens, replacing the links it had. */
  app.post('/api/app/geofenceLink/postMultiple', options(`${P}.Update`, 'Replaces the links of a zone', LINKS_SCHEMA(LINKS_BODY)), async (request) => {
    const lang = request.language;
    const input = request.body;
    const actor = actorOf(request);
    const current = await findVisible(db, actor, input.geofenceId);
    if (!current) throw notThere(request);
    const targets = await checkTargets(db, actor, input, lang);
    await db.transaction().execute((trx) => replaceLinks(trx, current.id, current.tenant_id, targets));
    return answer(request, current.id);
  });
}
