import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import { createCircle, demoDevices, jsonLocation, north, queryFix, sendJson, sendQuery } from '../support/osmand';
import { DEMO_WATCHES } from '../../server/seed/demo';

const MUM = DEMO_WATCHES[0].imei;
const DAD = DEMO_WATCHES[1].imei;
// Not one of the demo stock watches (356938035643825...).
const GRAN = '356938035649901';
const HOME = { lat: 55.6761, lon: 12.5683 };
const to = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');

describe.each(DATABASES)('geofence evaluation and alarms on $name', ({ url }) => {
  let mailbox: TestMailbox;
  let server: TestServer;
  let port: string;
  /** Fix times move forward one minute per fix, from twenty minutes ago (set once the server has seeded). */
  let clock = 0;
  const tick = () => new Date((clock += 60_000));
  /** The demo watches' seeded week of history: its events are not this file's. */
  const seeded = new Set<string>();

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    server = await startServer(url, { ingestPort: 0, smtpUrl: mailbox.url });
    port = `http://127.0.0.1:${server.config.ingestPort}`;
    const { db } = server.database;
    const { mum, dad } = await demoDevices(db);
    // After the demo's seeded week (it ends half an hour before the seed, its offline event ten minutes
    // later): this file's fixes are the watches' newest, evaluated against their state.
    clock = Date.now() - 20 * 60_000;
    for (const e of await db.selectFrom('device_events').select('id').where('device_id', 'in', [mum.id, dad.id]).execute()) seeded.add(e.id);
    // The demo's own home zone is elsewhere: these tests draw their own.
    await db.deleteFrom('geofence_links').where('device_id', 'in', [mum.id, dad.id]).execute();
    await db.deleteFrom('device_alarm_receivers').where('device_id', 'in', [mum.id, dad.id]).execute();
    await createCircle(db, { tenantId: mum.tenant_id, deviceId: mum.id, ...HOME, radius: 100, name: 'Home' });
    await db
      .insertInto('device_alarm_receivers')
      .values([
        // A receiver without an account, in German; the owner listed again (other case); one not yet active.
        { id: randomUUID(), tenant_id: mum.tenant_id, device_id: mum.id, email: 'helper@example.org', language: 'de-DE', status: 'active' },
        { id: randomUUID(), tenant_id: mum.tenant_id, device_id: mum.id, user_id: mum.owner_user_id, email: 'Caregiver@Example.com', status: 'active' },
        { id: randomUUID(), tenant_id: mum.tenant_id, device_id: mum.id, email: 'pending@example.org', status: 'invited' },
        { id: randomUUID(), tenant_id: dad.tenant_id, device_id: dad.id, email: 'helper@example.org', language: 'de-DE', status: 'active' },
      ])
      .execute();
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  /** The events this file's fixes and timeouts made (not the seeded history's). */
  const events = async (deviceId: string, type?: string) => {
    let q = server.database.db.selectFrom('device_events').selectAll().where('device_id', '=', deviceId);
    if (type) q = q.where('type', '=', type);
    return (await q.orderBy('event_time').execute()).filter((e) => !seeded.has(e.id));
  };
  const fixAt = async (imei: string, metresNorth: number, accuracy: number, extra: Partial<Parameters<typeof queryFix>[1]> = {}) =>
    expect(await sendQuery(port, queryFix(imei, { ...north(HOME.lat, HOME.lon, metresNorth), accuracy, time: tick(), ...extra }))).toBe(200);

  it('does not alarm on drift at the edge nor on a single jump outside', async () => {
    const { mum } = await demoDevices(server.database.db);
    await fixAt(MUM, 50, 5); // inside
    await fixAt(MUM, 105, 20); // the accuracy circle crosses the edge: uncertain
    await fixAt(MUM, 95, 20);
    await fixAt(MUM, 300, 10); // one fix outside: only a suspicion
    await fixAt(MUM, 20, 5); // back inside: the count starts again
    await fixAt(MUM, 300, 10);
    await fixAt(MUM, 110, 30); // uncertain again
    expect(await events(mum.id)).toEqual([]);
  });

  it('alarms once per receiver on the confirming fix, in each receiver language, by mail and in-app message', async () => {
    const { mum } = await demoDevices(server.database.db);
    await fixAt(MUM, 320, 10); // the second fix wholly outside: exit
    await fixAt(MUM, 340, 10); // still outside: no second alarm
    const exits = await events(mum.id, 'geofenceExit');
    expect(exits).toHaveLength(1);
    expect(exits[0]!.attributes).toMatchObject({ geofenceName: 'Home' });

    const english = await mailbox.waitFor((m) => m.subject === "Mum's watch has left Home");
    expect(to(english)).toBe('caregiver@example.com');
    expect(english.text).toContain('left the safe zone Home at');
    const german = await mailbox.waitFor((m) => m.subject === "Mum's watch hat Home verlassen");
    expect(to(german)).toBe('helper@example.org');
    await new Promise((r) => setTimeout(r, 1500));
    const all = mailbox.messages.filter((m) => m.subject?.includes('Home'));
    expect(all.map(to).sort()).toEqual(['caregiver@example.com', 'helper@example.org']);

    const messages = await server.database.db.selectFrom('alarm_messages').selectAll().where('event_id', '=', exits[0]!.id).execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ user_id: mum.owner_user_id, type: 'geofenceExit', subject: "Mum's watch has left Home" });
  });

  it('tells the receivers when the watch is back inside', async () => {
    const { mum } = await demoDevices(server.database.db);
    await fixAt(MUM, 10, 5);
    expect(await events(mum.id, 'geofenceEnter')).toHaveLength(1);
    await mailbox.waitFor((m) => m.subject === "Mum's watch is back in Home");
  });

  it('raises SOS and fall alarms, with the tenant own alarm text where it has one', async () => {
    const { mum, dad } = await demoDevices(server.database.db);
    await server.database.db
      .insertInto('alarm_texts')
      .values({ id: randomUUID(), tenant_id: mum.tenant_id, event_type: 'sos', language: 'de-DE', subject: 'NOTRUF {{device}}', body: 'Sofort anrufen ({{time}})', concurrency_stamp: randomUUID() })
      .execute();
    await fixAt(MUM, 10, 5, { alarm: 'sos' });
    expect(await events(mum.id, 'sos')).toHaveLength(1);
    const own = await mailbox.waitFor((m) => m.subject === "NOTRUF Mum's watch");
    expect(to(own)).toBe('helper@example.org');
    expect(own.text).toMatch(/Sofort anrufen \(\d\d:\d\d [A-Z]+(?:[+-]\d+)? - \d\d\/\d\d\/\d\d\)/);
    await mailbox.waitFor((m) => m.subject === "SOS from Mum's watch" && to(m) === 'caregiver@example.com');

    expect(await sendJson(port, { device_id: DAD, location: jsonLocation({ lat: 56, lon: 13, time: tick(), alarm: 'fallDown' }) })).toBe(200);
    expect(await events(dad.id, 'fall')).toHaveLength(1);
    await mailbox.waitFor((m) => m.subject === "Possible fall: Dad's watch");
  });

  it('raises an alarm when the watch is taken off the wrist (alarm=removing), in each receiver\'s language', async () => {
    const { dad } = await demoDevices(server.database.db);
    await fixAt(DAD, 5000, 5, { alarm: 'removing' });
    const [event] = await events(dad.id, 'offWrist');
    expect(event).toMatchObject({ type: 'offWrist', device_id: dad.id });
    const english = await mailbox.waitFor((m) => m.subject === "Taken off the wrist: Dad's watch");
    expect(english.text).toMatch(/Dad's watch was taken off the wrist at \d\d:\d\d/);
    const german = await mailbox.waitFor((m) => m.subject === "Vom Handgelenk abgenommen: Dad's watch");
    expect(to(german)).toBe('helper@example.org');
    expect(german.text).toMatch(/Dad's watch wurde um \d\d:\d\d .* vom Handgelenk abgenommen\./);
    // One event, escalated like SOS and fall.
    expect(await events(dad.id, 'offWrist')).toHaveLength(1);
    expect(await server.database.db.selectFrom('jobs').select('unique_key').where('unique_key', '=', `esc:${event!.id}:1`).executeTakeFirst()).toBeDefined();
  });

  it('raises one low battery alarm per discharge, at the device own threshold', async () => {
    const { dad } = await demoDevices(server.database.db);
    await fixAt(DAD, 5000, 5, { battery: 25 });
    await fixAt(DAD, 5000, 5, { battery: 19 });
    await fixAt(DAD, 5000, 5, { battery: 15 });
    expect(await events(dad.id, 'lowBattery')).toHaveLength(1);
    await mailbox.waitFor((m) => m.subject === "Low battery on Dad's watch (19 %)");
    // Charged, then below a threshold of its own (30%).
    await fixAt(DAD, 5000, 5, { battery: 90, charging: true });
    await server.database.db.updateTable('device_state').set({ low_battery_threshold: 30 }).where('device_id', '=', dad.id).execute();
    await fixAt(DAD, 5000, 5, { battery: 28 });
    expect((await events(dad.id, 'lowBattery')).map((e) => e.attributes.battery)).toEqual([19, 28]);
  });

  it('alarms a scheduled zone only inside its hours, and then for someone already outside', async () => {
    const { db } = server.database;
    const { mum } = await demoDevices(db);
    const granId = randomUUID();
    await db.insertInto('devices').values({ id: granId, tenant_id: mum.tenant_id, owner_user_id: mum.owner_user_id, name: "Gran's watch", imei: GRAN, model: 'watch4', concurrency_stamp: randomUUID() }).execute();
    await createCircle(db, { tenantId: mum.tenant_id, deviceId: granId, ...HOME, radius: 100, name: 'Night zone', schedule: { from: '22:00', to: '06:00', timeZone: 'Europe/Copenhagen' } });
    // Yesterday at noon and 12:05 in Copenhagen (UTC+1 in November): outside, but the zone sleeps.
    const day = new Date();
    day.setUTCDate(day.getUTCDate() - 1);
    const at = (h: number, m: number) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m));
    const send = (time: Date) => sendQuery(port, queryFix(GRAN, { ...north(HOME.lat, HOME.lon, 400), accuracy: 10, time }));
    expect(await send(at(11, 0))).toBe(200);
    expect(await send(at(11, 5))).toBe(200);
    expect(await events(granId)).toEqual([]);
    // 22:30 local: still outside, the window is open.
    expect(await send(at(21, 30))).toBe(200);
    expect(await send(at(21, 35))).toBe(200);
    const exits = await events(granId, 'geofenceExit');
    expect(exits).toHaveLength(1);
    expect(exits[0]!.event_time.getTime()).toBe(at(21, 30).getTime());
  });

  it('marks a device offline after its own timeout, alarms once, and online again on the next message', async () => {
    const { db } = server.database;
    const { dad } = await demoDevices(db);
    await db.updateTable('device_state').set({ offline_after_s: 1 }).where('device_id', '=', dad.id).execute();
    await expect.poll(async () => (await db.selectFrom('devices').select('status').where('id', '=', dad.id).executeTakeFirstOrThrow()).status, { timeout: 15_000 }).toBe('offline');
    await mailbox.waitFor((m) => m.subject === "Dad's watch has stopped reporting");
    await new Promise((r) => setTimeout(r, 6000));
    expect(await events(dad.id, 'offline')).toHaveLength(1);
    await fixAt(DAD, 5000, 5);
    expect((await db.selectFrom('devices').select('status').where('id', '=', dad.id).executeTakeFirstOrThrow()).status).toBe('online');
  });
});
