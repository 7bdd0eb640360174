import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/providers/apiFetch';
import { createAuthorizer } from '../../src/providers/authHeaders';
import { createAbpDataProvider, idChunks, MAX_QUERY_LENGTH } from '../../src/providers/dataProvider';
import { endpointFor, registerResourceEndpoint, UnknownResourceError, type ResourceRegistration } from '../../src/providers/resourceEndpoints';

interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fake API: records each call and answers from `reply` (JSON, or undefined for an empty 204). */
function fakeApi(reply: (call: Call) => { status?: number; json?: unknown } = () => ({ json: {} })) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const { status = 200, json } = reply(call);
    return json === undefined
      ? new Response(null, { status: status === 200 ? 204 : status })
      : new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  };
  const http = createHttpClient({
    apiBase: async () => 'http://api.test/api',
    authorization: createAuthorizer({ user: async () => ({ access_token: 'token-1', token_type: 'Bearer' }), proof: async () => undefined }),
    language: () => 'da-DK',
    tenantFilter: () => undefined,
    fetch,
  });
  return { calls, dataProvider: createAbpDataProvider({ http, registrationFor: (resource) => ({ ...REGISTERED[resource]!, endpoint: REGISTERED[resource]?.endpoint ?? unknown(resource) }) }) };
}

/** What the app registers: a hand-written ABP resource, and a schema resource (ids filter, bulk endpoints). */
const REGISTERED: Record<string, ResourceRegistration> = {
  devices: { endpoint: '/api/app/devices' },
  geofences: { endpoint: '/api/app/geofences' },
  simcards: { endpoint: '/api/app/simcards', idsFilter: 'id', bulk: true },
};
const unknown = (resource: string): never => {
  throw new UnknownResourceError(resource);
};

describe('ABP data provider', () => {
  it('getList sends SkipCount, MaxResultCount, Sorting, Filter and other filters', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: { totalCount: 42, items: [{ id: 'a' }, { id: 'b' }] } }));
    const result = await dataProvider.getList('devices', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'watch', status: 'online', ids: ['1', '2'], range: { min: 1, max: 5 }, empty: '' },
    });
    expect(result).toEqual({ data: [{ id: 'a' }, { id: 'b' }], total: 42 });
    const { url, method } = calls[0]!;
    expect(method).toBe('GET');
    expect(url.origin + url.pathname).toBe('http://api.test/api/app/devices');
    expect(url.searchParams.get('SkipCount')).toBe('50');
    expect(url.searchParams.get('MaxResultCount')).toBe('25');
    expect(url.searchParams.get('Sorting')).toBe('name desc');
    expect(url.searchParams.get('Filter')).toBe('watch');
    expect(url.searchParams.get('status')).toBe('online');
    expect(url.searchParams.getAll('ids')).toEqual(['1', '2']);
    expect(url.searchParams.get('range.min')).toBe('1');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.has('q')).toBe(false);
  });

  it('caps MaxResultCount at 1000 and reads unpaged answers', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: { items: [{ id: 1 }] } }));
    const result = await dataProvider.getList('devices', { pagination: { page: 1, perPage: 5000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(result).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(calls[0]!.url.searchParams.get('MaxResultCount')).toBe('1000');
    expect(calls[0]!.url.searchParams.get('Sorting')).toBe('id asc');
  });

  it('reads a page larger than 1000 rows (an export) in consecutive requests', async () => {
    const rows = Array.from({ length: 2600 }, (_, i) => ({ id: i }));
    const { calls, dataProvider } = fakeApi(({ url }) => {
      const skip = Number(url.searchParams.get('SkipCount'));
      return { json: { totalCount: rows.length, items: rows.slice(skip, skip + Number(url.searchParams.get('MaxResultCount'))) } };
    });
    const all = await dataProvider.getList('devices', { pagination: { page: 1, perPage: 5000 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'x' } });
    expect(all.total).toBe(2600);
    expect(all.data.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(calls.map((c) => [c.url.searchParams.get('SkipCount'), c.url.searchParams.get('MaxResultCount'), c.url.searchParams.get('Filter')])).toEqual([
      ['0', '1000', 'x'],
      ['1000', '1000', 'x'],
      ['2000', '1000', 'x'],
    ]);
    // The second page of 1,500 starts after the first 1,500, not after 1,000.
    calls.length = 0;
    const second = await dataProvider.getList('devices', { pagination: { page: 2, perPage: 1500 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(second.data.map((r) => r.id)).toEqual(rows.slice(1500, 2600).map((r) => r.id));
    expect(calls.map((c) => c.url.searchParams.get('SkipCount'))).toEqual(['1500', '2500']);
  });

  it('uses meta.endpoint when given', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: { totalCount: 0, items: [] } }));
    await dataProvider.getList('identityUsers', { pagination: { page: 1, perPage: 10 }, sort: { field: 'userName', order: 'ASC' }, filter: {}, meta: { endpoint: '/api/identity/users' } });
    await dataProvider.getOne('roles', { id: 'r/1', meta: { endpoint: '/identity/roles' } });
    expect(calls[0]!.url.pathname).toBe('/api/identity/users');
    expect(calls[1]!.url.pathname).toBe('/api/identity/roles/r%2F1');
  });

  it('sends the bearer token and Accept-Language', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: { id: 7, name: 'x' } }));
    const { data } = await dataProvider.getOne('devices', { id: 7 });
    expect(data).toEqual({ id: 7, name: 'x' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(calls[0]!.headers.get('Accept-Language')).toBe('da-DK');
  });

  it('getMany fetches each id and leaves out records that are gone', async () => {
    const { calls, dataProvider } = fakeApi(({ url }) =>
      url.pathname.endsWith('/2') ? { status: 404, json: { error: { message: 'not found' } } } : { json: { id: url.pathname.split('/').pop() } },
    );
    const { data } = await dataProvider.getMany('devices', { ids: ['1', '2', '3'] });
    expect(data).toEqual([{ id: '1' }, { id: '3' }]);
    expect(calls).toHaveLength(3);
  });

  it('getMany splits 1,200 ids into requests whose URL stays short', async () => {
    const ids = Array.from({ length: 1200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const { calls, dataProvider } = fakeApi(({ url }) => ({ json: { items: url.searchParams.getAll('id').map((id) => ({ id })) } }));
    const { data } = await dataProvider.getMany('simcards', { ids });
    expect(data.map((r) => r.id)).toEqual(ids);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      expect(call.url.search.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH + 40);
      expect(Number(call.url.searchParams.get('MaxResultCount'))).toBe(call.url.searchParams.getAll('id').length);
    }
    expect(idChunks('id', ids).flat()).toEqual(ids);
    expect(idChunks('id', Array.from({ length: 2500 }, (_, i) => i)).every((chunk) => chunk.length <= 1000)).toBe(true);
  });

  it('getMany uses one list call when the resource has an ids filter', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: { totalCount: 2, items: [{ id: 1 }, { id: 2 }] } }));
    const { data } = await dataProvider.getMany('devices', { ids: [1, 2], meta: { idsFilter: 'Ids' } });
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(calls[0]!.url.searchParams.getAll('Ids')).toEqual(['1', '2']);
    expect(calls[0]!.url.searchParams.get('MaxResultCount')).toBe('2');
  });

  it('getManyReference filters on the target', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: { totalCount: 1, items: [{ id: 9 }] } }));
    const result = await dataProvider.getManyReference('geofences', {
      target: 'citizenId',
      id: 'c1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { active: true },
    });
    expect(result.total).toBe(1);
    expect(calls[0]!.url.searchParams.get('citizenId')).toBe('c1');
    expect(calls[0]!.url.searchParams.get('active')).toBe('true');
  });

  it('create posts the data and returns the created DTO', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: { id: 'new', name: 'Watch', concurrencyStamp: 's1' } }));
    const { data } = await dataProvider.create('devices', { data: { name: 'Watch' } });
    expect(data).toEqual({ id: 'new', name: 'Watch', concurrencyStamp: 's1' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({ name: 'Watch' });
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it('update PUTs with the concurrencyStamp and without server-owned fields', async () => {
    const { calls, dataProvider } = fakeApi(({ body }) => ({ json: { ...(body as object), id: 'd1', concurrencyStamp: 's2' } }));
    const { data } = await dataProvider.update('devices', {
      id: 'd1',
      data: { id: 'd1', name: 'New', creationTime: '2024-01-01' },
      previousData: { id: 'd1', name: 'Old', concurrencyStamp: 's1' },
    });
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url.pathname).toBe('/api/app/devices/d1');
    expect(calls[0]!.body).toEqual({ name: 'New', concurrencyStamp: 's1' });
    expect(data).toEqual({ id: 'd1', name: 'New', concurrencyStamp: 's2' });
  });

  it('updateMany and deleteMany use the bulk endpoints of a schema resource: one request each', async () => {
    const { calls, dataProvider } = fakeApi(() => ({ json: {} }));
    await dataProvider.updateMany('simcards', { ids: ['1', '2'], data: { id: 'x', active: false, creationTime: 't' } });
    await dataProvider.deleteMany('simcards', { ids: ['1', '2'] });
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', '/api/app/simcards/bulk', { ids: ['1', '2'], data: { active: false } }],
      ['POST', '/api/app/simcards/bulk-delete', { ids: ['1', '2'] }],
    ]);
  });

  it('fails loudly for a resource nobody registered, before any request', async () => {
    const { calls, dataProvider } = fakeApi();
    await expect(dataProvider.getList('userz', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(UnknownResourceError);
    expect(calls).toHaveLength(0);
    // The app's own registry: unknown names throw with the name, registered ones resolve.
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      expect(() => endpointFor('users')).toThrow(/"users"/);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    registerResourceEndpoint('test-things', '/api/app/test-things');
    expect(endpointFor('test-things')).toBe('/api/app/test-things');
  });

  it('updateMany reads, merges and writes each record', async () => {
    const { calls, dataProvider } = fakeApi(({ method, url }) =>
      method === 'GET' ? { json: { id: url.pathname.split('/').pop(), name: 'n', disabled: false, concurrencyStamp: 'c' } } : { json: {} },
    );
    const { data } = await dataProvider.updateMany('devices', { ids: ['1', '2'], data: { disabled: true } });
    expect(data).toEqual(['1', '2']);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([
      { name: 'n', disabled: true, concurrencyStamp: 'c' },
      { name: 'n', disabled: true, concurrencyStamp: 'c' },
    ]);
  });

  it('delete returns previousData although ABP answers with an empty body', async () => {
    const { calls, dataProvider } = fakeApi(() => ({}));
    const { data } = await dataProvider.delete('devices', { id: 'd1', previousData: { id: 'd1', name: 'Watch' } });
    expect(data).toEqual({ id: 'd1', name: 'Watch' });
    expect(calls[0]!.method).toBe('DELETE');
    const many = await dataProvider.deleteMany('devices', { ids: ['a', 'b'] });
    expect(many.data).toEqual(['a', 'b']);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(3);
  });

  it('rejects with an HttpError carrying ABP validation errors for forms', async () => {
    const { dataProvider } = fakeApi(() => ({
      status: 400,
      json: {
        error: {
          code: 'Vigil:Validation',
          message: 'Your request is not valid!',
          validationErrors: [{ message: 'Name is required', members: ['Name'] }],
        },
      },
    }));
    await expect(dataProvider.create('devices', { data: {} })).rejects.toMatchObject({
      name: 'HttpError',
      status: 400,
      message: 'Your request is not valid!',
      body: { code: 'Vigil:Validation', errors: { name: 'Name is required', root: { serverError: 'Your request is not valid!' } } },
    });
  });
});
