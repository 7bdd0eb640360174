import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

describe.each(DATABASES)('empty and filled optional fields as list filters on $name', ({ url }) => {
  let server: TestServer;
  let staff: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as { id: string; items: { name: string }[]; error?: { validationErrors: { members: string[] }[] } } };
  };

  beforeAll(async () => {
    server = await startServer(url);
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('parentId_isNull=true lists top-level organizations only, false only the ones with a parent', async () => {
    const root = await call('POST', '/api/app/organizations-overviews', { name: 'Null Region', code: 'NR-1' });
    await call('POST', '/api/app/organizations-overviews', { name: 'Null Home', code: 'NH-1', parentId: root.body.id });
    const names = async (query: string) => (await call('GET', `/api/app/organizations-overviews?MaxResultCount=1000&Filter=Null&${query}`)).body.items.map((o) => o.name).sort();
    expect(await names('parentId_isNull=true')).toEqual(['Null Region']);
    expect(await names('parentId_isNull=false')).toEqual(['Null Home']);
    expect(await names('')).toEqual(['Null Home', 'Null Region']);
  });

  it('refuses anything but true or false, naming the parameter', async () => {
    const res = await call('GET', '/api/app/organizations-overviews?parentId_isNull=maybe');
    expect(res.status).toBe(400);
    expect(res.body.error?.validationErrors[0]?.members).toEqual(['parentId_isNull']);
  });
});
