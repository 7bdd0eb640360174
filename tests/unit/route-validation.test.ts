import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../server/http/errors';
import { installRequestContext } from '../../server/http/request-context';
import { type Api, ID_PARAMS, listQuery } from '../../server/http/route-schemas';
import { installRouteValidation } from '../../server/http/route-validation';
import { pagingOf, sortingOf } from '../../server/http/paging';
import { translate } from '../../server/localization/texts';

/** A route's schema is its one check of the request and its handler's types (server/http/route-schemas.ts). */
const SORTABLE = { name: 'r.name', creationTime: 'r.creation_time' } as const;
const QUERY = listQuery(SORTABLE, { isActive: { type: 'boolean' }, kind: { type: 'string', enum: ['audit', 'security'] } });
const BODY = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 8 }, phone: { type: 'string', pattern: '^[0-9]+$', 'x-messages': { pattern: 'validation:phoneDigits' } }, count: { type: 'integer' } },
  required: ['name'],
  additionalProperties: false,
} as const;

async function routes(app: Api) {
  app.get('/items', { schema: { querystring: QUERY } }, async (request) => {
    // Reading a parameter the schema does not declare is a type error.
    // @ts-expect-error 'undeclared' is not in the query's schema
    void request.query.undeclared;
    return { paging: pagingOf(request.query), sort: sortingOf(request.query, SORTABLE, { field: 'r.name', desc: false }), isActive: request.query.isActive ?? null, kind: request.query.kind ?? null };
  });
  app.get('/items/:id', { schema: { params: ID_PARAMS } }, async (request) => ({ id: request.params.id }));
  app.post('/items', { schema: { body: BODY } }, async (request) => ({ name: request.body.name, count: request.body.count ?? null }));
}

describe('route validation', () => {
  const app = Fastify();
  beforeAll(async () => {
    installRouteValidation(app);
    installRequestContext(app);
    installErrorHandler(app, translate);
    await app.register(routes);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string, lang = 'en') => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> & { error?: { validationErrors: { members: string[]; message: string }[] | null } } };
  };
  const post = async (payload: unknown, lang = 'en') => {
    const res = await app.inject({ method: 'POST', url: '/items', headers: { 'accept-language': lang, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> & { error?: { validationErrors: { members: string[]; message: string }[] | null } } };
  };

  it('coerces the query deliberately: integers and booleans from text, names in any case, empty values left out, undeclared ones dropped', async () => {
    const res = await get('/items?skipCount=5&MAXRESULTCOUNT=20&sorting=Name%20DESC&IsActive=True&kind=AUDIT&Filter=&other=1');
    expect(res).toEqual({ status: 200, body: { paging: { skip: 5, take: 20 }, sort: { field: 'r.name', desc: true }, isActive: true, kind: 'audit' } });
    expect((await get('/items')).body).toEqual({ paging: { skip: 0, take: 10 }, sort: { field: 'r.name', desc: false }, isActive: null, kind: null });
  });

  it('refuses a bad query with ABP 400 naming each member in camelCase, in the caller\'s language', async () => {
    for (const [query, member] of [
      ['MaxResultCount=0', 'maxResultCount'],
      ['SkipCount=1.5', 'skipCount'],
      ['SkipCount=99999999999999999999', 'skipCount'],
      ['Sorting=password', 'sorting'],
      ['Sorting=toString', 'sorting'],
      ['isActive=maybe', 'isActive'],
    ]) {
      const res = await get(`/items?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error!.validationErrors![0]!.members, query).toEqual([member]);
    }
    const danish = await get('/items?MaxResultCount=0', 'da');
    expect(danish.body.error!.validationErrors![0]!.message).not.toBe((await get('/items?MaxResultCount=0')).body.error!.validationErrors![0]!.message);
  });

  it('never coerces a body, and names every bad member with its own message where the schema gives one', async () => {
    expect(await post({ name: 'x', count: 3 })).toEqual({ status: 200, body: { name: 'x', count: 3 } });
    const res = await post({ name: '', phone: '12a', count: '3', extra: true });
    expect(res.status).toBe(400);
    expect(res.body.error!.validationErrors!.map((v) => v.members[0]).sort()).toEqual(['count', 'extra', 'name', 'phone']);
    const phone = res.body.error!.validationErrors!.find((v) => v.members[0] === 'phone')!;
    expect(phone.message).toBe(translate('validation:phoneDigits', 'en', { field: 'phone' }));
    // No body at all: its required members are named.
    const empty = await app.inject({ method: 'POST', url: '/items' });
    expect((empty.json() as { error: { validationErrors: { members: string[] }[] } }).error.validationErrors[0]!.members).toEqual(['name']);
  });

  it("answers a malformed record id 404, as one that names nothing", async () => {
    expect((await get('/items/not-a-uuid')).status).toBe(404);
    expect((await get('/items/urn:uuid:00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await get('/items/00000000-0000-0000-0000-000000000000')).body).toEqual({ id: '00000000-0000-0000-0000-000000000000' });
  });
});
