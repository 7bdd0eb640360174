import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';
import { imei, protocolId } from '../support/device-stock';

/**
 * A watch's protocol ID (schemas/devices.json `protocolId`, migration 030) in the back office's
 * devices API: written on create and edit, read back, searched, unique among live devices of
 * every tenant (as the IMEI), letters and digits only; refusals in ABP's shape, in the caller's
 * language.
 */
const DEVICES = '/api/app/productInstance';

describe.each(DATABASES)("a watch's protocol ID in the devices API ($name)", ({ url }) => {
  let server: TestServer;
  let staff: string;
  let otherTenant: string;
  const call = caller(() => server);
  const create = (token: string, body: Record<string, unknown>, lang = 'en') =>
    call(token, 'POST', DEVICES, { name: 'Watch', imei: imei(), subscriptionStatus: 'active', ...body }, { lang });

  beforeAll(async () => {
    server = await startServer(url);
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    const other = await createTenantUser(server.database.db, { tenant: 'Protocol Care', userName: 'protocol-admin', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    otherTenant = (await tokensFor(server.url, other.userName, other.password)).access_token;
  });
  afterAll(async () => server?.stop());

  it('is written on create and edit, read back, searched, and cleared by an empty value', async () => {
    const first = protocolId();
    const created = await create(staff, { name: 'Grandma 3G', protocolId: first });
    expect(created.status).toBe(200);
    expect(created.body.protocolId).toBe(first);
    const id = String(created.body.id);
    expect((await call(staff, 'GET', `${DEVICES}/${id}`)).body.protocolId).toBe(first);
    const found = await call(staff, 'GET', `${DEVICES}?Filter=${first}`);
    expect((found.body.items as { id: string }[]).map((d) => d.id)).toEqual([id]);

    const second = `${protocolId()}AB`;
    const edited = await call(staff, 'PUT', `${DEVICES}/${id}`, { ...created.body, protocolId: second });
    expect(edited.status).toBe(200);
    const read = await call(staff, 'GET', `${DEVICES}/${id}`);
    expect(read.body.protocolId).toBe(second);
    const row = await server.database.db.selectFrom('devices').select(['protocol_id', 'imei']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ protocol_id: second, imei: created.body.imei });

    // An empty field is "no protocol ID": the watch names itself by its IMEI.
    const cleared = await call(staff, 'PUT', `${DEVICES}/${id}`, { ...read.body, protocolId: '' });
    expect(cleared.status).toBe(200);
    expect((await call(staff, 'GET', `${DEVICES}/${id}`)).body.protocolId).toBeNull();
    // A device made without one has none.
    expect((await create(staff, { name: 'Eview' })).body.protocolId).toBeNull();
  });

  it.each([
    { lang: 'en', message: 'Protocol ID already exists' },
    { lang: 'da', message: 'Protokol-id findes allerede' },
    { lang: 'de', message: 'Protokoll-ID existiert bereits' },
  ])('refuses a protocol ID another live device has, in any tenant, on create and edit ($lang)', async ({ lang, message }) => {
    const taken = protocolId();
    expect((await create(staff, { protocolId: taken })).status).toBe(200);
    const refusal = { error: expect.objectContaining({ validationErrors: [{ message, members: ['protocolId'] }] }) };

    const again = await create(staff, { protocolId: taken }, lang);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refusal);
    // Across tenants too: the ingest, which has no tenant, must know which watch it is.
    const elsewhere = await create(otherTenant, { protocolId: taken }, lang);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual(refusal);

    const other = await create(staff, { protocolId: protocolId() });
    const edit = await call(staff, 'PUT', `${DEVICES}/${String(other.body.id)}`, { ...other.body, protocolId: taken }, { lang });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual(refusal);
  });

  it('frees a deleted device\'s protocol ID, and lets many devices have none', async () => {
    const id = protocolId();
    const first = await create(staff, { protocolId: id });
    expect((await call(staff, 'DELETE', `${DEVICES}/${String(first.body.id)}`)).status).toBe(204);
    expect((await create(staff, { protocolId: id })).status).toBe(200);
    expect((await create(staff, { protocolId: null })).status).toBe(200);
    expect((await create(staff, { protocolId: null })).status).toBe(200);
  });

  it('keeps the database itself from holding one protocol ID twice (a write racing past the check)', async () => {
    const id = protocolId();
    const row = (n: string) => ({ id: randomUUID(), tenant_id: null, name: n, imei: imei(), protocol_id: id, concurrency_stamp: 'x' });
    await server.database.db.insertInto('devices').values(row('First')).execute();
    await expect(server.database.db.insertInto('devices').values(row('Second')).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it.each([
    { lang: 'en', value: '12345 67890', message: 'Only letters and digits (no spaces or other signs)' },
    { lang: 'da', value: '123-456-7890', message: 'Kun bogstaver og cifre (ingen mellemrum eller andre tegn)' },
    { lang: 'sv', value: 'ÅÄÖ1234567', message: 'Endast bokstäver och siffror (inga mellanslag eller andra tecken)' },
  ])('refuses a protocol ID with anything but letters and digits ($lang)', async ({ lang, value, message }) => {
    const res = await create(staff, { protocolId: value }, lang);
    expect(res.status).toBe(400);
    expect(res.body.error?.validationErrors).toEqual([{ message, members: ['protocolId'] }]);
  });

  it('refuses a protocol ID longer than 20 characters', async () => {
    const res = await create(staff, { protocolId: '1'.repeat(21) }, 'nb');
    expect(res.status).toBe(400);
    expect(res.body.error?.validationErrors).toContainEqual({ message: 'Kan være maks 20 tegn', members: ['protocolId'] });
  });
});
