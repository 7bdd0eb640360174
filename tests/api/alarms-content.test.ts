import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';
import { createCircle, demoDevices, jsonLocation, north, queryFix, sendJson, sendQuery } from '../support/osmand';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { createGeocoder } from '../../server/geocoding/geocoder';
import { renderAlarmWithAddress } from '../../server/alarms/address';

const MUM = DEMO_WATCHES[0].imei;
const DAD = DEMO_WATCHES[1].imei;
const HOME = { lat: 55.6761, lon: 12.5683 };
const EVIL = '<script>alert("x")</script> watch';

/**
 * What an alarm says (issue 16): where the person is (coordinates, accuracy, distance and direction
 * from the zone, a link to the dashboard at the alarm), HTML mail with a text part and every typed
 * value escaped, the battery as reported, since when a quiet watch is quiet, and the address
 * rendered outside the ingest from a geocoder.
 */
describe.each(DATABASES)('alarm content on $name', ({ url }) => {
  let mailbox: TestMailbox;
  let server: TestServer;
  let ingest: string;
  let clock = 0;
  const tick = () => new Date((clock += 60_000));
  const call = caller(() => server);

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    server = await startServer(url, { ingestPort: 0, smtpUrl: mailbox.url });
    ingest = `http://127.0.0.1:${server.config.ingestPort}`;
    const { db } = server.database;
    const { mum, dad } = await demoDevices(db);
    clock = Date.now() - 20 * 60_000;
    await db.deleteFrom('geofence_links').where('device_id', 'in', [mum.id, dad.id]).execute();
    await db.deleteFrom('device_alarm_receivers').where('device_id', 'in', [mum.id, dad.id]).execute();
    await db.updateTable('devices').set({ name: EVIL }).where('id', '=', mum.id).execute();
    await createCircle(db, { tenantId: mum.tenant_id, deviceId: mum.id, ...HOME, radius: 100, name: 'Home & <b>garden</b>' });
    await createCircle(db, { tenantId: dad.tenant_id, deviceId: dad.id, ...HOME, radius: 100, name: 'Home' });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  const fix = async (imei: string, metresNorth: number, extra: Partial<Parameters<typeof queryFix>[1]> = {}) =>
    expect(await sendQuery(ingest, queryFix(imei, { ...north(HOME.lat, HOME.lon, metresNorth), accuracy: 10, time: tick(), ...extra }))).toBe(200);

  it('tells where the person is, links to the dashboard at the alarm, and escapes typed names in the HTML', async () => {
    const { db } = server.database;
    const { mum } = await demoDevices(db);
    await fix(MUM, 20);
    await fix(MUM, 420);
    await fix(MUM, 430); // the confirming fix: 330 m outside the 100 m circle
    const mail = await mailbox.waitFor((m) => m.subject?.includes('has left') === true);
    const event = await db.selectFrom('device_events').selectAll().where('device_id', '=', mum.id).where('type', '=', 'geofenceExit').orderBy('event_time', 'desc').executeTakeFirstOrThrow();
    // The place facts are on the event, worked out at evaluation: the history and the texts tell the same.
    expect(event.attributes).toMatchObject({ accuracy: 10, distance: 330, bearing: 0, placeZone: 'Home & <b>garden</b>' });
    const link = `${server.config.publicUrl}/dashboard?alarm=${event.id}`;
    expect(mail.text).toContain('330 m north of Home & <b>garden</b>');
    expect(mail.text).toMatch(/\d\d:\d\d [A-Z]+(?:[+-]\d+)? - \d\d\/\d\d\/\d\d/);
    expect(mail.text).toContain(link);
    const html = String(mail.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>garden');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; watch');
    expect(html).toContain('330 m north of Home &amp; &lt;b&gt;garden&lt;/b&gt;');
    // The in-app message tells the same, and is of the event: the dashboard shows it with a button
    // to the map at that alarm rather than the link's sentence.
    const message = await db.selectFrom('alarm_messages').selectAll().where('event_id', '=', event.id).executeTakeFirstOrThrow();
    expect(message.body).toContain('330 m north of Home & <b>garden</b>');
    expect(message.body).not.toContain(link);
    expect(mail.text).toContain(message.body);

    // The dashboard's read of the alarm: its place, zone and the trail before it; another's is not found.
    const carer = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    const view = await call(carer, 'GET', `/api/app/tracking/alarm-events/${event.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: event.id, deviceId: mum.id, type: 'geofenceExit', distance: 330, zone: { kind: 'circle', radius: 100, name: 'Home & <b>garden</b>' } });
    expect((view.body.trail as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect((await call(carer, 'GET', '/api/app/tracking/alarm-events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(carer, 'GET', '/api/app/tracking/alarm-events/not-an-id')).status).toBe(400);

    // The delivery jobs render again with the street address (a stand-in geocoder).
    const geo = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ address: { road: 'Vesterbrogade', house_number: '1', postcode: '1620', city: 'København' } })));
    await new Promise<void>((resolve) => geo.listen(0, '127.0.0.1', resolve));
    try {
      const geocoder = createGeocoder({ url: `http://127.0.0.1:${(geo.address() as AddressInfo).port}` });
      const again = await renderAlarmWithAddress(db, event.id, { language: 'da-DK' }, { publicUrl: server.config.publicUrl, geocoder });
      expect(again?.rendered.text).toContain('Hvor: Vesterbrogade 1, 1620 København · 330 m nord for Home & <b>garden</b>');
      expect(again?.rendered.html).toContain('Vesterbrogade 1, 1620 København');
      const without = await renderAlarmWithAddress(db, event.id, { language: 'en' }, { publicUrl: server.config.publicUrl, geocoder: null });
      expect(without?.rendered.inAppText).toBe(message.body);
    } finally {
      await new Promise((resolve) => geo.close(resolve));
    }
  });

  it('says the battery level as reported (19.8 %), from the query and the JSON protocol', async () => {
    const { db } = server.database;
    const { dad } = await demoDevices(db);
    await db.updateTable('device_state').set({ low_battery_alarmed: false, low_battery_threshold: 20 }).where('device_id', '=', dad.id).execute();
    await fix(DAD, 10, { battery: 60 });
    await fix(DAD, 10, { battery: 19.8 });
    await mailbox.waitFor((m) => m.subject === "Low battery on Dad's watch (19.8 %)");
    await fix(DAD, 10, { battery: 90, charging: true });
    expect(await sendJson(ingest, { device_id: DAD, location: jsonLocation({ ...north(HOME.lat, HOME.lon, 10), accuracy: 10, time: tick(), battery: 18.7 }) })).toBe(200);
    await mailbox.waitFor((m) => m.subject === "Low battery on Dad's watch (18.7 %)");
    const levels = (await db.selectFrom('device_events').select('attributes').where('device_id', '=', dad.id).where('type', '=', 'lowBattery').orderBy('event_time', 'desc').limit(2).execute()).map((e) => e.attributes.battery);
    expect(levels).toEqual([18.7, 19.8]);
  });

  it('says since when a quiet watch is quiet, in the tenant time zone', async () => {
    const { db } = server.database;
    const { dad } = await demoDevices(db);
    await fix(DAD, 10);
    const state = await db.selectFrom('device_state').select('fix_time').where('device_id', '=', dad.id).executeTakeFirstOrThrow();
    await db.updateTable('device_state').set({ offline_after_s: 1 }).where('device_id', '=', dad.id).execute();
    const mail = await mailbox.waitFor((m) => m.subject === "Dad's watch has stopped reporting", 20_000);
    const since = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(state.fix_time!);
    expect(mail.text).toMatch(/has sent no position since \d\d:\d\d \S+ - \d\d\/\d\d\/\d\d/);
    // The demo tenant's zone (or UTC): the hour and minute of the last fix are there in some zone; the minute always.
    expect(mail.text).toContain(`:${since.slice(3)} `);
    await db.updateTable('device_state').set({ offline_after_s: null }).where('device_id', '=', dad.id).execute();
  });
});
