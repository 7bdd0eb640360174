import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { badRequest, conflict, notFound } from '../http/errors';
import { queryParam, readPaging, readSorting } from '../http/paging';
import { UUID } from '../multitenancy/scope';
import { translate } from '../localization/texts';
import { actorOf, checkTargets, linkableDevices, tenantCitizens } from './access';
import { areaOf, CIRCLE_BODY, GEOFENCE_BODY, LINKS_BODY, POLYGON_BODY, readCircle, readGeofence, readLinks, readPolygon, scheduleOf, type GeofenceInput } from './geofence-body';
import { HAND_CHECKED } from '../http/route-schemas';
import { DELETED, GEOFENCE_LIST, LINK_TARGETS, LINKS_SCHEMA, ONE_GEOFENCE, writeSchema } from './route-schemas';
import { deleteGeofence, findVisible, insertGeofence, replaceLinks, updateGeofence, visibleGeofences, withLinks } from './geofence-store';

const P = POLICIES.geofences;
const SORTABLE = { name: 'g.name', creationTime: 'g.creation_time', shape: 'g.shape' } as const;

type Reader = (body: unknown, lang: string) => GeofenceInput;

/** /api/app/geofences (list, get, create, update, delete), geofence-circulars, geofence-polygons, geofenceLink/postMultiple. */
export async function geofenceRoutes(app: FastifyInstance, db: Db) {
  const tags = ['geofences'];
  /** Route options: the policy, the schema, and Fastify's validation left to the route's own readers. */
  const options = (policy: string, summary: string, schema: object) => ({ config: { policy }, ...HAND_CHECKED, schema: { tags, summary, ...schema } });
  const notThere = (request: FastifyRequest) => notFound(translate('errors.entityNotFound', request.language));
  const answer = async (request: FastifyRequest, id: string) => {
    const row = await findVisible(db, actorOf(request), id);
    if (!row) throw notThere(request);
    return (await withLinks(db, [row]))[0]!;
  };

  app.get('/api/app/geofences', options(P, 'Zones the caller may see', GEOFENCE_LIST), async (request) => {
    const query = request.query as Record<string, unknown>;
    const lang = request.language;
    const { skip, take } = readPaging(query, lang);
    const sort = readSorting(query, SORTABLE, { field: SORTABLE.name, desc: false }, lang);
    let q = visibleGeofences(db, actorOf(request));
    const filter = queryParam(query, 'filter');
    if (typeof filter === 'string' && filter.trim()) q = q.where('g.name', 'ilike', `%${filter.trim().replace(/[\\%_]/g, '\\$&')}%`);
    const shape = queryParam(query, 'shape');
    if (shape === 'circle' || shape === 'polygon') q = q.where('g.shape', '=', shape);
    for (const [param, column] of [['deviceId', 'l.device_id'], ['citizenId', 'l.citizen_id']] as const) {
      const value = queryParam(query, param);
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string' || !UUID.test(value)) throw badRequest(translate('errors.validation', lang), [{ members: [param], message: translate('validation:invalid', lang, { field: param }) }]);
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

  app.get('/api/app/geofences/:id', options(P, 'One zone', ONE_GEOFENCE), async (request) => {
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw notThere(request);
    return answer(request, id);
  });

  /** Create and update for one reader: the generic endpoint takes `shape`, the others imply it. */
  const create = (read: Reader, shape?: 'circle' | 'polygon') => async (request: FastifyRequest) => {
    const lang = request.language;
    const input = read(request.body, lang);
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

  const update = (read: Reader, shape?: 'circle' | 'polygon') => async (request: FastifyRequest) => {
    const lang = request.language;
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw notThere(request);
    const input = read(request.body, lang);
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

  app.post('/api/app/geofences', options(`${P}.Create`, 'Creates a zone', writeSchema(GEOFENCE_BODY, false)), create(readGeofence));
  app.put('/api/app/geofences/:id', options(`${P}.Update`, 'Updates a zone', writeSchema(GEOFENCE_BODY, true)), update(readGeofence));
  app.post('/api/app/geofence-circulars', options(`${P}.Create`, 'Creates a circular zone', writeSchema(CIRCLE_BODY, false)), create(readCircle, 'circle'));
  app.put('/api/app/geofence-circulars/:id', options(`${P}.Update`, 'Updates a circular zone', writeSchema(CIRCLE_BODY, true)), update(readCircle, 'circle'));
  app.post('/api/app/geofence-polygons', options(`${P}.Create`, 'Creates a polygon zone', writeSchema(POLYGON_BODY, false)), create(readPolygon, 'polygon'));
  app.put('/api/app/geofence-polygons/:id', options(`${P}.Update`, 'Updates a polygon zone', writeSchema(POLYGON_BODY, true)), update(readPolygon, 'polygon'));

  app.delete('/api/app/geofences/:id', options(`${P}.Delete`, 'Deletes a zone', DELETED), async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!UUID.test(id) || !(await findVisible(db, actorOf(request), id))) throw notThere(request);
    await db.transaction().execute((trx) => deleteGeofence(trx, id));
    return reply.status(204).send();
  });

  /** Links a zone to devices and citizens, replacing the links it had. */
  app.post('/api/app/geofenceLink/postMultiple', options(`${P}.Update`, 'Replaces the links of a zone', LINKS_SCHEMA(LINKS_BODY)), async (request) => {
    const lang = request.language;
    const input = readLinks(request.body, lang);
    const actor = actorOf(request);
    const current = await findVisible(db, actor, input.geofenceId);
    if (!current) throw notThere(request);
    const targets = await checkTargets(db, actor, input, lang);
    await db.transaction().execute((trx) => replaceLinks(trx, current.id, current.tenant_id, targets));
    return answer(request, current.id);
  });
}
