import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDefaultCard } from '../support/payment-card';
import { accountsServer, linkIn, mailTo, type AccountsServer } from '../support/accounts';
import { openEventStream } from '../support/event-stream';
import { queryFix, sendQuery } from '../support/osmand';
import { DATABASES } from '../support/server';
import { tokensFor } from '../support/sign-in';

const BASE = '/api/plugandplay/profile';
const ALARMS = '/api/app/tracking/alarms';
type Alarm = { id: string; eventId: string; deviceId: string };

/** A watch's open alarms go with it when the account is transferred: the sender no longer lists, acknowledges or streams them. */
describe.each(DATABASES)('alarms of a transferred watch on $name', ({ url }) => {
  let env: AccountsServer;
  let ingest: string;
  beforeAll(async () => {
    env = await accountsServer(url, { ingestPort: 0 });
    ingest = `http://127.0.0.1:${env.server.config.ingestPort}`;
  });
  afterAll(async () => {
    await env?.stop();
  });

  const imeiOf = async (id: string) => (await env.db.selectFrom('devices').select('imei').where('id', '=', id).executeTakeFirstOrThrow()).imei;
  // OsmAnd sends whole seconds, and a second fix of a watch at the same second is a replay (not
  // evaluated again): each SOS of a watch is a second after its last, however fast the test runs.
  const lastSos = new Map<string, number>();
  const sos = async (deviceId: string) => {
    const time = Math.max(Date.now() - 5000, (lastSos.get(deviceId) ?? 0) + 1000);
    lastSos.set(deviceId, time);
    expect(await sendQuery(ingest, queryFix(await imeiOf(deviceId), { lat: 56, lon: 13, time: new Date(time), alarm: 'sos' }))).toBe(200);
  };
  const openAlarms = async (token: string) => (await env.call(token, 'GET', `${ALARMS}?unacknowledged=true`)).body.items as Alarm[];

  it('leaves the sender without the given-away watch\'s alarms, which the new owner hears from then on', async () => {
    const sender = await env.caregiver('sender');
    const recipient = await env.caregiver('recipient');
    const watch = await env.watch(sender.userId, 'active');
    await sos(watch);
    await expect.poll(async () => (await openAlarms(sender.token)).length, { timeout: 30_000 }).toBe(1);
    const [before] = await openAlarms(sender.token);
    expect(before!.deviceId).toBe(watch);

    await env.call(sender.token, 'POST', `${BASE}/transfer-user-1/${encodeURIComponent(recipient.email)}`);
    const link = linkIn(await env.mailbox.waitFor(mailTo(recipient.email)), '/account?transfer=');
    await addDefaultCard(env.server.url, recipient.token);
    const accepted = await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${link.searchParams.get('transfer')}/${link.searchParams.get('token')}`);
    expect(accepted.status).toBe(200);

    // Signed in again, the sender sees no alarm of the watch and cannot act on one.
    const again = (await tokensFor(env.server.url, sender.userName, sender.password)).access_token;
    expect(await openAlarms(again)).toEqual([]);
    expect((await env.call(again, 'GET', ALARMS)).body.totalCount).toBe(0);
    const ack = await env.call(again, 'POST', `${ALARMS}/${before!.id}/acknowledge`);
    expect(ack.status).toBe(404);
    expect((await env.db.selectFrom('alarm_messages').select('acknowledged_time').where('id', '=', before!.id).executeTakeFirstOrThrow()).acknowledged_time).toBeNull();
    // Nor is it streamed: a notice naming the old message (one in flight at the transfer) sends
    // nothing, while an alarm of a watch the sender has now arrives.
    const stream = await openEventStream(`${env.server.url}/api/app/tracking/live`, again);
    try {
      await sql`select pg_notify('vigil_alarms', ${JSON.stringify({ e: before!.eventId, u: [sender.userId] })})`.execute(env.db);
      const kept = await env.watch(sender.userId, 'active');
      await sos(kept);
      const first = JSON.parse((await stream.next((e) => e.event === 'alarm', 10_000)).data) as Alarm;
      expect(first.deviceId).toBe(kept);
    } finally {
      stream.close();
    }

    // The new owner hears the watch from now on.
    await sos(watch);
    await expect.poll(async () => (await openAlarms(recipient.token)).map((a) => a.deviceId), { timeout: 30_000 }).toEqual([watch]);
    expect((await openAlarms(again)).map((a) => a.deviceId)).not.toContain(watch);
  });
});
