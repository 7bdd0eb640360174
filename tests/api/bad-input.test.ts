import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/** Bad input is never a 500: the reproductions of the issue "Safe to put on the internet", item 9. */
describe.each(DATABASES)('bad input answered 400 in ABP shape on $name', ({ url }) => {
  let server: TestServer;
  let staff: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, abp: res.headers.get('_abperrorformat'), body: text ? (JSON.parse(text) as { error?: { code: string | null; message: string } }) : undefined };
  };
  const expectAbp400 = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.status).toBe(400);
    expect(res.abp).toBe('true');
    expect(typeof res.body?.error?.message).toBe('string');
  };

  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0 });
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('refuses a NUL byte in a device name, in a list filter and in a path', async () => {
    const before = await server.database.db.selectFrom('devices').select('id').execute();
    expectAbp400(await call('POST', '/api/app/productInstance', { name: 'a\u0000b', imei: '356938035649999' }));
    expect(await server.database.db.selectFrom('devices').select('id').execute()).toHaveLength(before.length);
    expectAbp400(await call('GET', '/api/app/productInstance?filter=%00'));
    expectAbp400(await call('GET', '/api/app/productInstance?Filter=a%00b&MaxResultCount=5'));
    expectAbp400(await call('GET', '/api/app/organizations-overviews?filter=%00'));
    expectAbp400(await call('GET', '/api/app/productInstance/%00'));
    // A key holding NUL and an escaped NUL deep in a body are refused as well.
    expectAbp400(await call('POST', '/api/app/productInstance', { name: 'x', imei: '356938035649999', ['k\u0000']: 1 }));
    expectAbp400(await call('PUT', '/api/app/productInstance/00000000-0000-0000-0000-000000000000', { name: ['\u0000'] }));
  });

  it("refuses a sort on a name every object has ('toString', 'constructor'), on hand-written and schema lists", async () => {
    for (const list of ['/api/identity/security-logs', '/api/app/user-overviews/phonenumberlogin', '/api/app/productInstance', '/api/app/customer']) {
      for (const sorting of ['toString', 'constructor desc', '__proto__', 'hasOwnProperty']) {
        expectAbp400(await call('GET', `${list}?Sorting=${encodeURIComponent(sorting)}`));
      }
    }
  });

  it('refuses paging numbers too large for the database', async () => {
    expectAbp400(await call('GET', '/api/app/productInstance?SkipCount=99999999999999999999'));
    expectAbp400(await call('GET', '/api/app/productInstance?SkipCount=9007199254740993'));
    expectAbp400(await call('GET', '/api/app/organizations-overviews?skipCount=1e30'));
    expectAbp400(await call('GET', '/api/app/productInstance?MaxResultCount=99999999999999999999'));
    expect((await call('GET', '/api/app/productInstance?SkipCount=2147483647')).status).toBe(200);
  });

  it('answers a NUL in an OsmAnd device id 400 on both ingest endpoints, before any database use', async () => {
    const ports = [`http://127.0.0.1:${server.config.ingestPort}/`, `${server.url}/ingest/osmand`];
    for (const base of ports) {
      for (const query of ['id=%00%ff', `id=${DEMO_WATCHES[0].imei}%00&lat=1&lon=1`, 'id=1&lat=1&lon=1&note=%00']) {
        const res = await fetch(`${base}?${query}`, { method: 'POST' });
        expect(res.status, `${base}?${query}`).toBe(400);
      }
      const json = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"device_id":"1\\u0000","location":{}}' });
      expect(json.status).toBe(400);
    }
    // The ingest keeps working (its troubleshooting batch was not poisoned).
    const ok = await fetch(`${ports[0]}?id=${DEMO_WATCHES[0].imei}&lat=55&lon=12`, { method: 'POST' });
    expect(ok.status).toBe(200);
  });
});
