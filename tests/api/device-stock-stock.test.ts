import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { translate } from '../../server/localization/texts';
import { iccid, imei } from '../support/device-stock';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

interface StockItem extends Record<string, unknown> {
  id: string;
  imei: string;
  tenantId: string;
}

/** Device stock (server/device-stock): CSV batch create, SIM pairing, stop reasons, exchange, orders, per-device edits, policies, isolation. */
describe.each(DATABASES)('device stock ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let tenantA: string;
  let tenantB: string;
  let readOnly: string;
  let host: string;
  const call = caller(() => server);
  const BASE = '/api/app/productInstance';
  const upload = (token: string, csv: string, lang = 'en') => call(token, 'POST', `${BASE}/hostData/batchCreate`, csv, { contentType: 'text/csv', lang });
  const stock = async (token: string, query = '') => (await call(token, 'GET', `${BASE}/hostData?MaxResultCount=1000${query}`)).body as { totalCount: number; items: StockItem[] };
  const byImei = async (token: string, value: string) => (await stock(token, `&Filter=${value}`)).items.find((i) => i.imei === value)!;
  const simcard = async (token: string) => {
    const value = iccid();
    const res = await call(token, 'POST', '/api/app/simCardInstance', { iccid: value, status: 'active' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return value;
  };
  const devices = async (token: string, count: number, model = 'watch4') => {
    const imeis = Array.from({ length: count }, imei);
    const res = await upload(token, ['imei;model', ...imeis.map((i) => `${i};${model}`)].join('\n'));
    expect(res.body).toMatchObject({ created: count });
    return Promise.all(imeis.map((i) => byImei(token, i)));
  };

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Stock Tenant A', userName: 'stock-a', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Stock Tenant B', userName: 'stock-b', role: 'admin', policies });
    const r = await createTenantUser(server.database.db, { tenantId: a.tenantId, userName: 'stock-reader', role: 'reader', policies: ['Vigil.Devices', 'Vigil.SimCards'] });
    [tenantA, tenantB, readOnly] = (await Promise.all([a, b, r].map((u) => tokensFor(server.url, u.userName, u.password).then((t) => t.access_token)))) as [string, string, string];
    host = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('creates the good CSV lines with their SIM cards and reports each bad line; IMEIs are unique across tenants', async () => {
    const [card, taken] = [await simcard(tenantA), await simcard(tenantA)];
    const [good1, good2, inB] = [imei(), imei(), imei()];
    expect((await upload(tenantB, `IMEI,model\n${inB},l10`)).body).toMatchObject({ created: 1, errors: [] });
    // The first device takes `taken`, so a later line naming it is refused.
    const csv = [
      'IMEI or serial number;Model;Device ID;ICCID;name',
      `${good1};watch4;W-1;${card};Grandma's watch`,
      `12345;watch4;;;`,
      `${good2};tizen;;;`,
      `${good1};watch4;;;`,
      `${inB};watch4;;;`,
      `${imei()};sundial;;;`,
      `${imei()};watch4;;89450000000000000000;`,
      `${imei()};watch4;;${card};`,
    ].join('\n');
    const res = await upload(tenantA, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 8, created: 2 });
    const errors = res.body.errors as { row: number; messages: { member: string | null; message: string }[] }[];
    expect(errors.map((e) => e.row)).toEqual([3, 5, 6, 7, 8, 9]);
    expect(errors[0]!.messages[0]!.member).toBe('imei');
    expect(errors[1]!.messages[0]).toMatchObject({ member: 'imei' });
    expect(errors[2]!.messages[0]).toMatchObject({ member: 'imei' });
    expect(errors[3]!.messages[0]!.member).toBe('model');
    expect(errors[4]!.messages[0]).toEqual({ member: 'iccid', message: 'There is no SIM card with ICCID 89450000000000000000 in this organisation.' });
    expect(errors[5]!.messages[0]).toEqual({ member: 'iccid', message: `The SIM card ${card} is already used on line 2 of the file.` });

    const first = await byImei(tenantA, good1);
    expect(first).toMatchObject({ name: "Grandma's watch", deviceId: 'W-1', model: 'watch4', iccid: card, inUse: false, stopReason: null, salesType: 'sale', tenantName: 'Stock Tenant A' });
    expect(await byImei(tenantA, good2)).toMatchObject({ name: good2, model: 'tizen', iccid: null });
    // Tenant B does not see tenant A's devices, nor the other way round.
    expect((await stock(tenantB, `&Filter=${good1}`)).totalCount).toBe(0);
    expect((await stock(tenantA, `&Filter=${inB}`)).totalCount).toBe(0);
    // A card already in a device is refused in a later upload.
    const again = await upload(tenantA, `imei;iccid\n${imei()};${card}\n${imei()};${taken}`);
    expect(again.body).toMatchObject({ total: 2, created: 1 });
    expect((again.body.errors as { messages: { message: string }[] }[])[0]!.messages[0]!.message).toBe(`The SIM card ${card} is already in the device Grandma's watch.`);
    // A bad header refuses the file as a whole.
    const header = await upload(tenantA, `colour;imei\nred;${imei()}`);
    expect(header.status).toBe(400);
    expect(header.body.error!.validationErrors![0]!.message).toContain("Unknown column 'colour'");
    // In Danish.
    const da = await upload(tenantA, `imei;iccid\n${imei()};89450000000000000001`, 'da');
    expect((da.body.errors as { messages: { message: string }[] }[])[0]!.messages[0]!.message).toBe('Der er intet SIM-kort med ICCID 89450000000000000001 i denne organisation.');
  });

  it('filters and pages the stock list', async () => {
    const [d1, d2] = await devices(tenantA, 2, 'evi');
    const evi = await stock(tenantA, '&model=evi&Sorting=imei desc');
    expect(evi.items.map((i) => i.imei)).toEqual([d1!.imei, d2!.imei].sort().reverse());
    const page = await call(tenantA, 'GET', `${BASE}/hostData?model=evi&MaxResultCount=1&SkipCount=1&Sorting=imei`);
    expect(page.body).toMatchObject({ totalCount: 2, items: [{ imei: [d1!.imei, d2!.imei].sort()[1] }] });
    expect((await call(tenantA, 'GET', `${BASE}/hostData?stopReason=broken`)).status).toBe(400);
    expect((await call(tenantA, 'GET', `${BASE}/hostData?Sorting=password`)).status).toBe(400);
    expect((await stock(tenantA, '&paired=true')).items.every((i) => i.iccid !== null)).toBe(true);
  });

  it("refuses upload and pairing bodies of the wrong shape with ABP's 400 in the caller's language, writing nothing", async () => {
    const [device] = await devices(tenantA, 1);
    const card = await simcard(tenantA);
    const before = (await stock(tenantA)).totalCount;
    const de = { lang: 'de-DE' };
    const create = await call(tenantA, 'POST', `${BASE}/hostData/batchCreate`, { csv: [`imei;model\n${imei()};watch4`] }, de);
    expect(create.status).toBe(400);
    expect(create.body.error).toMatchObject({ code: 'Vigil:Validation', message: translate('errors.validation', 'de'), validationErrors: [{ members: ['csv'], message: translate('batchUpload.noFile', 'de') }] });
    const pair = await call(tenantA, 'POST', `${BASE}/hostData/pairSimcards`, { pairs: [{ imei: device!.imei, iccid: card }, { imei: 5, iccid: card }] }, de);
    expect(pair.status).toBe(400);
    expect(pair.body.error!.validationErrors).toEqual([{ members: ['pairs[1].imei'], message: translate('validation:invalid', 'de', { field: 'imei' }) }]);
    const extra = await call(tenantA, 'POST', `${BASE}/hostData/pairSimcards`, { pairs: [{ imei: device!.imei, iccid: card, model: 'x' }] }, de);
    expect(extra.body.error!.validationErrors).toEqual([{ members: ['pairs[0].model'], message: translate('validation:unknownField', 'de', { field: 'model' }) }]);
    expect((await stock(tenantA)).totalCount).toBe(before);
    expect(await byImei(tenantA, device!.imei)).toMatchObject({ iccid: null });
  });

  it('pairs devices with SIM cards by ICCID from JSON or CSV, row by row', async () => {
    const [d1, d2] = await devices(tenantA, 2);
    const [c1, c2] = [await simcard(tenantA), await simcard(tenantA)];
    const cardB = await simcard(tenantB);
    const res = await call(tenantA, 'POST', `${BASE}/hostData/pairSimcards`, {
      pairs: [
        { imei: d1!.imei, iccid: c1 },
        { imei: '999999999999999', iccid: c2 },
        { imei: d2!.imei, iccid: cardB },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 3, paired: 1 });
    expect((res.body.errors as { row: number; messages: { member: string }[] }[]).map((e) => [e.row, e.messages[0]!.member])).toEqual([
      [2, 'imei'],
      [3, 'iccid'],
    ]);
    expect(await byImei(tenantA, d1!.imei)).toMatchObject({ iccid: c1 });
    // CSV: d2 takes c2; d1 swaps nothing but tries c2 as well -> refused as repeated.
    const csv = await call(tenantA, 'POST', `${BASE}/hostData/pairSimcards`, `IMEI,ICCID\n${d2!.imei},${c2}\n${d1!.imei},${c2}`, { contentType: 'text/csv' });
    expect(csv.body).toMatchObject({ total: 2, paired: 1 });
    expect(await byImei(tenantA, d2!.imei)).toMatchObject({ iccid: c2 });
    // Taking a card another device holds is refused; an empty ICCID unpairs.
    const steal = await call(tenantA, 'POST', `${BASE}/hostData/pairSimcards`, { pairs: [{ imei: d2!.imei, iccid: c1 }] });
    expect(steal.body).toMatchObject({ paired: 0 });
    const unpair = await call(tenantA, 'POST', `${BASE}/hostData/pairSimcards`, { pairs: [{ imei: d1!.imei, iccid: '' }] });
    expect(unpair.body).toMatchObject({ paired: 1, errors: [] });
    expect(await byImei(tenantA, d1!.imei)).toMatchObject({ iccid: null });
    expect((await call(tenantA, 'POST', `${BASE}/hostData/pairSimcards`, {})).status).toBe(400);
  });

  it('records stop reasons with time and user, frees returned devices, and brings devices back with paused/found', async () => {
    const [d1, d2, d3] = await devices(tenantA, 3);
    const before = Date.now();
    const lost = await call(tenantA, 'POST', `${BASE}/stop/lost`, { ids: [d1!.id, d2!.id, '00000000-0000-0000-0000-000000000000'] });
    expect(lost.body).toMatchObject({ total: 3, changed: 2, unchanged: 0 });
    expect((lost.body.errors as { id: string }[]).map((e) => e.id)).toEqual(['00000000-0000-0000-0000-000000000000']);
    const one = await byImei(tenantA, d1!.imei);
    expect(one).toMatchObject({ stopReason: 'lost', stopUserName: 'stock-a' });
    expect(Date.parse(one.stopTime as string)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call(tenantA, 'POST', `${BASE}/stop/lost`, { ids: [d1!.id] })).body).toMatchObject({ changed: 0, unchanged: 1 });
    expect((await stock(tenantA, '&stopReason=lost')).items.map((i) => i.id)).toEqual(expect.arrayContaining([d1!.id, d2!.id]));

    const found = await call(tenantA, 'POST', `${BASE}/paused/found`, { ids: [d1!.id] });
    expect(found.body).toMatchObject({ changed: 1 });
    expect(await byImei(tenantA, d1!.imei)).toMatchObject({ stopReason: null, stopTime: null });

    for (const [path, reason] of [['awaitingreturn', 'awaitingReturn'], ['wasreturned', 'returned'], ['customerdevice', 'customerDevice'], ['trash', 'trashed']] as const) {
      expect((await call(tenantA, 'POST', `${BASE}/stop/${path}`, { ids: [d3!.id] })).body, path).toMatchObject({ changed: 1 });
      expect(await byImei(tenantA, d3!.imei)).toMatchObject({ stopReason: reason });
    }
    const afterTrash = await call(tenantA, 'POST', `${BASE}/paused/found`, { ids: [d3!.id] });
    expect(afterTrash.body).toMatchObject({ changed: 0, errors: [{ id: d3!.id, messages: [{ message: 'The device was trashed and cannot change any more.' }] }] });
    const history = await server.database.db.selectFrom('device_stock_history').select(['action', 'detail']).where('device_id', '=', d3!.id).orderBy('time').execute();
    expect(history.map((h) => (h.detail as { reason?: string }).reason)).toEqual(['awaitingReturn', 'returned', 'customerDevice', 'trashed']);

    expect((await call(tenantA, 'POST', `${BASE}/stop/broken`, { ids: [d2!.id] })).status).toBe(404);
    expect((await call(tenantA, 'POST', `${BASE}/stop/lost`, { ids: [] })).status).toBe(400);
    // Another tenant's device is not found.
    expect((await call(tenantB, 'POST', `${BASE}/stop/lost`, { ids: [d2!.id] })).body).toMatchObject({ changed: 0, errors: [{ id: d2!.id }] });
  });

  it('runs the exchange flow: candidates, send a replacement, exchange with customer stock', async () => {
    const db = server.database.db;
    const [faulty, spare, other] = await devices(tenantA, 3, 'rtos');
    const [tizen] = await devices(tenantA, 1, 'tizen');
    const owner = await db.selectFrom('users').select('id').where('user_name', '=', 'stock-a').executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ owner_user_id: owner.id, name: 'Mum' }).where('id', '=', faulty!.id).execute();
    await db.insertInto('device_alarm_receivers').values({ id: crypto.randomUUID(), tenant_id: faulty!.tenantId as string, device_id: faulty!.id as string, email: 'carer@example.com', status: 'active' }).execute();

    const candidates = await call(tenantA, 'GET', `${BASE}/availableForExchange?deviceId=${faulty!.id}&MaxResultCount=100`);
    const ids = (candidates.body.items as { id: string }[]).map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([spare!.id, other!.id]));
    expect(ids).not.toContain(tizen!.id);
    expect(ids).not.toContain(faulty!.id);

    const wrong = await call(tenantA, 'POST', `${BASE}/setReadyToExchangeAndSendReplacement`, { deviceId: faulty!.id, replacementId: tizen!.id });
    expect(wrong.status).toBe(400);
    const sent = await call(tenantA, 'POST', `${BASE}/setReadyToExchangeAndSendReplacement`, { deviceId: faulty!.id, replacementId: spare!.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ device: { exchangeState: 'readyToExchange', exchangePartnerId: spare!.id }, replacement: { exchangeState: 'withCustomerStock', exchangePartnerId: faulty!.id } });
    const twice = await call(tenantA, 'POST', `${BASE}/setReadyToExchangeAndSendReplacement`, { deviceId: faulty!.id, replacementId: other!.id });
    expect(twice.status).toBe(400);
    // `other` is not in the customer's stock: no immediate exchange with it.
    expect((await call(tenantA, 'POST', `${BASE}/exchangeWithCustomerStock`, { deviceId: faulty!.id, replacementId: other!.id })).status).toBe(400);

    const done = await call(tenantA, 'POST', `${BASE}/exchangeWithCustomerStock`, { deviceId: faulty!.id, replacementId: spare!.id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      device: { inUse: false, stopReason: 'awaitingReturn', exchangeState: null },
      replacement: { inUse: true, ownerUserId: owner.id, name: 'Mum', exchangeState: null, stopReason: null },
    });
    const receivers = await db.selectFrom('device_alarm_receivers').select('device_id').where('email', '=', 'carer@example.com').execute();
    expect(receivers.map((r) => r.device_id)).toEqual([spare!.id]);
    expect((await call(tenantB, 'GET', `${BASE}/availableForExchange?deviceId=${faulty!.id}`)).status).toBe(404);
  });

  it("offers only free devices as replacements: none a citizen wears, none of another customer's stock, none out of service; and refuses them", async () => {
    const [faulty, free, worn, elsewhere, lost] = await devices(tenantA, 5, 'evi');
    const citizen = await call(tenantA, 'POST', '/api/app/monitoredObject', { firstName: 'Inger', lastName: 'Exchange' });
    expect(citizen.status, JSON.stringify(citizen.body)).toBe(200);
    const wearing = await call(tenantA, 'PUT', `${BASE}/${worn!.id}`, { ...(await call(tenantA, 'GET', `${BASE}/${worn!.id}`)).body, citizenId: citizen.body.id });
    expect(wearing.status, JSON.stringify(wearing.body)).toBe(200);
    const customer = await call(tenantA, 'POST', '/api/app/customer', { name: 'Other Care Home', country: 'DK', discountPercentage: 0, currency: 'DKK' });
    expect((await call(tenantA, 'POST', `${BASE}/customerOrder`, { customerId: customer.body.id, deviceIds: [elsewhere!.id] })).status).toBe(200);
    await call(tenantA, 'POST', `${BASE}/stop/lost`, { ids: [lost!.id] });

    const candidates = await call(tenantA, 'GET', `${BASE}/availableForExchange?deviceId=${faulty!.id}&MaxResultCount=100`);
    const ids = (candidates.body.items as { id: string }[]).map((i) => i.id);
    expect(ids).toContain(free!.id);
    for (const taken of [worn, elsewhere, lost]) expect(ids).not.toContain(taken!.id);
    for (const taken of [worn, elsewhere]) {
      const refused = await call(tenantA, 'POST', `${BASE}/setReadyToExchangeAndSendReplacement`, { deviceId: faulty!.id, replacementId: taken!.id });
      expect(refused.status).toBe(400);
      expect(refused.body.error!.validationErrors![0]!.members).toEqual(['replacementId']);
    }
  });

  it('orders devices for a customer and reports what the customer holds', async () => {
    const customer = await call(tenantA, 'POST', '/api/app/customer', { name: 'Care Home North', country: 'DK', discountPercentage: 0, currency: 'DKK' });
    expect(customer.status, JSON.stringify(customer.body)).toBe(200);
    const customerId = customer.body.id as string;
    const [d1, d2] = await devices(tenantA, 2, 'l10');
    const available = await stock(tenantA, '&model=l10');
    expect((await call(tenantA, 'GET', `${BASE}/availableForOrder?model=l10`)).body).toMatchObject({ totalCount: available.totalCount });

    const [inB] = await devices(tenantB, 1, 'l10');
    const refused = await call(tenantA, 'POST', `${BASE}/customerOrder`, { customerId, deviceIds: [d1!.id, inB!.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.validationErrors![0]!.members).toEqual(['deviceIds[1]']);
    expect(await byImei(tenantA, d1!.imei)).toMatchObject({ customerId: null });

    const order = await call(tenantA, 'POST', `${BASE}/customerOrder`, { customerId, deviceIds: [d1!.id, d2!.id] });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect((order.body.devices as { customerName: string }[]).map((d) => d.customerName)).toEqual(['Care Home North', 'Care Home North']);
    expect((await call(tenantA, 'GET', `${BASE}/availableForOrder?model=l10`)).body).toMatchObject({ totalCount: available.totalCount - 2 });
    const transferable = await call(tenantA, 'GET', `${BASE}/transferableDevices?customerId=${customerId}`);
    expect((transferable.body.items as { id: string }[]).map((i) => i.id).sort()).toEqual([d1!.id, d2!.id].sort());

    await call(tenantA, 'POST', `${BASE}/stop/lost`, { ids: [d2!.id] });
    const products = await call(tenantA, 'GET', `${BASE}/productsAndServices?customerId=${customerId}`);
    expect(products.body).toMatchObject({ customerName: 'Care Home North', products: [{ model: 'l10', total: 2, inStock: 1, inUse: 0, stopped: 1 }], services: { activeSubscriptions: 0 } });
    expect(Array.isArray(products.body.accessories)).toBe(true);
    expect((await call(tenantA, 'GET', `${BASE}/productsAndServices`)).status).toBe(400);
    expect((await call(tenantB, 'GET', `${BASE}/productsAndServices?customerId=${customerId}`)).status).toBe(404);
  });

  it('changes name and organisation and sales type; looks devices up by IMEI or name', async () => {
    const [d] = await devices(tenantA, 1);
    const org = await call(tenantA, 'POST', '/api/app/organizations-overviews', { name: 'East Wing' });
    expect(org.status, JSON.stringify(org.body)).toBe(200);
    const orgB = await call(tenantB, 'POST', '/api/app/organizations-overviews', { name: 'Elsewhere' });
    const put = await call(tenantA, 'PUT', `${BASE}/nameandOrganization/${d!.id}`, { name: 'Room 12 watch', organizationId: org.body.id });
    expect(put.body).toEqual({ id: d!.id, name: 'Room 12 watch', organizationId: org.body.id, organizationName: 'East Wing' });
    expect((await call(tenantA, 'GET', `${BASE}/nameandOrganization/${d!.id}`)).body).toMatchObject({ name: 'Room 12 watch' });
    expect((await call(tenantA, 'PUT', `${BASE}/nameandOrganization/${d!.id}`, { name: 'x', organizationId: orgB.body.id })).status).toBe(400);
    expect((await call(tenantA, 'PUT', `${BASE}/nameandOrganization/${d!.id}`, { name: '' })).status).toBe(400);
    expect((await call(tenantB, 'GET', `${BASE}/nameandOrganization/${d!.id}`)).status).toBe(404);

    expect((await call(tenantA, 'PUT', `${BASE}/changesalestype/${d!.id}`, { salesType: 'rental' })).body).toEqual({ id: d!.id, salesType: 'rental' });
    expect(await byImei(tenantA, d!.imei)).toMatchObject({ salesType: 'rental' });
    expect((await call(tenantA, 'PUT', `${BASE}/changesalestype/${d!.id}`, { salesType: 'gift' })).status).toBe(400);
    expect((await call(tenantB, 'PUT', `${BASE}/changesalestype/${d!.id}`, { salesType: 'sale' })).status).toBe(404);

    const lookup = await call(tenantA, 'GET', `${BASE}/product-lookup?filter=room 12`);
    expect(lookup.body.items).toEqual([{ id: d!.id, displayName: `Room 12 watch (${d!.imei})`, name: 'Room 12 watch', imei: d!.imei, model: 'watch4' }]);
    expect((await call(tenantA, 'GET', `${BASE}/product-lookup?filter=${d!.imei.slice(-6)}`)).body.items).toHaveLength(1);
    expect((await call(tenantB, 'GET', `${BASE}/product-lookup?filter=room 12`)).body.items).toEqual([]);
  });

  it('checks policies: reading needs Vigil.Devices, changes need Vigil.Devices.Update/Create; the host may pick all tenants', async () => {
    const [d] = await devices(tenantA, 1);
    expect((await call(readOnly, 'GET', `${BASE}/hostData`)).status).toBe(200);
    expect((await upload(readOnly, `imei\n${imei()}`)).status).toBe(403);
    expect((await call(readOnly, 'POST', `${BASE}/stop/lost`, { ids: [d!.id] })).status).toBe(403);
    expect((await call(readOnly, 'POST', `${BASE}/paused/found`, { ids: [d!.id] })).status).toBe(403);
    expect((await call(readOnly, 'PUT', `${BASE}/changesalestype/${d!.id}`, { salesType: 'loan' })).status).toBe(403);
    expect((await call(readOnly, 'POST', `${BASE}/hostData/pairSimcards`, { pairs: [{ imei: d!.imei }] })).status).toBe(403);
    expect((await call('', 'GET', `${BASE}/hostData`)).status).toBe(401);

    const all = await fetch(`${server.url}${BASE}/hostData?MaxResultCount=1000&Filter=${d!.imei}`, { headers: { authorization: `Bearer ${host}`, __tenant: '00000000-0000-0000-0000-000000000000' } });
    expect(((await all.json()) as { items: { tenantName: string }[] }).items).toMatchObject([{ tenantName: 'Stock Tenant A' }]);
    expect((await stock(host, `&Filter=${d!.imei}`)).totalCount).toBe(0);
  });
});
