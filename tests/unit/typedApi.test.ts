import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../src/providers/httpClient';

const calls: { path: string; request: ApiRequest }[] = [];
let answer: { json?: unknown; blob?: Blob; headers: Headers } = { headers: new Headers() };
vi.mock('../../src/providers/httpClient', () => ({
  httpClient: async (path: string, request: ApiRequest) => {
    calls.push({ path, request });
    return { status: 200, ...answer };
  },
}));

const { api, apiFile, fillPath } = await import('../../src/providers/openapi/typedApi');

describe('typed API paths', () => {
  it('fills and encodes path parameters', () => {
    expect(fillPath('/api/app/geofences/{id}', { id: 'a b/c' })).toBe('/api/app/geofences/a%20b%2Fc');
    expect(fillPath('/api/x/{resourceName}/{cultureName}', { resourceName: 'Vigil', cultureName: 'da' })).toBe('/api/x/Vigil/da');
    expect(fillPath('/api/app/geofences')).toBe('/api/app/geofences');
  });

  it('refuses a call missing a path parameter rather than sending {id}', () => {
    expect(() => fillPath('/api/app/geofences/{id}', {})).toThrow(/Missing path parameter id/);
  });
});

describe('typed API calls', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('sends the method, filled path, query, body and other options, and answers the JSON', async () => {
    answer = { json: { requireSecondFactor: true }, headers: new Headers() };
    const signal = new AbortController().signal;
    const result = await api('put', '/api/identity/roles/{id}/second-factor', { params: { id: 'r 1' }, body: { requireSecondFactor: true }, tenant: false, signal });
    expect(result).toEqual({ requireSecondFactor: true });
    expect(calls).toEqual([{ path: '/api/identity/roles/r%201/second-factor', request: { method: 'PUT', body: { requireSecondFactor: true }, tenant: false, signal } }]);
  });

  it('sends the raw bytes of a route taking a file', async () => {
    answer = { headers: new Headers() };
    const picture = new Blob(['png']);
    await api('post', '/api/plugandplay/avatar', { body: picture, headers: { 'Content-Type': 'application/octet-stream' } });
    expect(calls[0]?.request.body).toBe(picture);
  });

  it('asks for a file answer as bytes and answers them with the headers', async () => {
    const file = new Blob(['pdf']);
    const headers = new Headers({ 'content-disposition': 'attachment; filename="1.pdf"' });
    answer = { blob: file, headers };
    const result = await apiFile('get', '/api/stripe/payment/download-invoice', { query: { invoiceId: 'i1' }, tenant: false });
    expect(result).toEqual({ blob: file, headers });
    expect(calls).toEqual([{ path: '/api/stripe/payment/download-invoice', request: { method: 'GET', query: { invoiceId: 'i1' }, tenant: false, responseType: 'blob' } }]);
  });
});
