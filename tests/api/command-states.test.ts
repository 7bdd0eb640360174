import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMAND_LIFETIMES,
  expireCommands,
  logCommand,
  markCommandAcknowledged,
  markCommandFailed,
  markCommandSent,
  queuedCommands,
  recentCommands,
  sentCommands,
} from '../../server/commands';
import type { Db } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A command's states (server/commands/command-states.ts) on the real database: each change only
 * from the states it may come from, recorded with its time in the statement that made it; the
 * expiry of queued commands; what the transport reads; an SMS sent once the gateway accepted it.
 */
describe.each(DATABASES)('command states ($name)', ({ url }) => {
  let server: TestServer;
  let db: Db;
  let tenantId: string;
  let staff: string;
  const call = caller(() => server);
  /** The SMS gateway: answers with this status, and keeps what it was asked to send. */
  let gatewayStatus = 200;
  const texts: { to: string; text: string }[] = [];
  const gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (gatewayStatus === 200) texts.push(JSON.parse(body) as { to: string; text: string });
      res.writeHead(gatewayStatus).end(gatewayStatus === 200 ? 'queued' : 'no credit left');
    });
  });

  /** A watch of the tenant with no commands yet. */
  async function watch(model = 'watch4'): Promise<string> {
    const id = randomUUID();
    await db.insertInto('devices').values({ id, tenant_id: tenantId, owner_user_id: null, name: 'State watch', imei: `3569380356${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`, model, concurrency_stamp: randomUUID(), creator_id: null }).execute();
    return id;
  }
  const queue = (deviceId: string, type = 'positionSingle', attributes: Record<string, unknown> = {}, channel: 'device' | 'sms' = 'device') =>
    logCommand(db, { tenantId, deviceId, userId: null, type, text: type, attributes, channel, status: 'queued' });
  const states = async (deviceId: string, id: string) => (await recentCommands(db, deviceId)).find((c) => c.id === id)!;
  const events = async (id: string) => db.selectFrom('device_command_events').select(['status', 'time', 'detail', 'tenant_id']).where('command_id', '=', id).orderBy('id').execute();
  const age = (id: string, ms: number) => db.updateTable('device_commands').set({ creation_time: new Date(Date.now() - ms) } as never).where('id', '=', id).execute();

  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const smsUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    server = await startServer(url, { workers: false, smsGateway: 'http', smsHttp: { url: smsUrl, method: 'POST', auth: '', body: '', format: 'json', timeoutMs: 5000 } });
    db = server.database.db;
    tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token!;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('moves a command queued → sent → acknowledged once, each state kept with its time', async () => {
    const device = await watch();
    const command = await queue(device);
    expect(command.states).toEqual([{ status: 'queued', time: command.creationTime, detail: null }]);
    // Two nodes hand it over at once: one of them does.
    expect((await Promise.all([markCommandSent(db, command.id), markCommandSent(db, command.id)])).sort()).toEqual([false, true]);
    const at = new Date(Date.now() + 1000);
    expect(await markCommandAcknowledged(db, command.id, at)).toBe(true);
    expect(await markCommandAcknowledged(db, command.id)).toBe(false);
    // Settled: neither failed nor sent again.
    expect(await markCommandFailed(db, command.id, 'late refusal')).toBe(false);
    expect(await markCommandSent(db, command.id)).toBe(false);
    const done = await states(device, command.id);
    expect(done).toMatchObject({ status: 'acknowledged', acknowledgedTime: at.toISOString(), error: null });
    expect(done.states.map((s) => s.status)).toEqual(['queued', 'sent', 'acknowledged']);
    expect(done.states[1]!.time).toBe(done.sentTime);
    expect(done.states[2]!.time).toBe(at.toISOString());
    expect((await events(command.id)).every((e) => e.tenant_id === tenantId)).toBe(true);
  });

  it('acknowledges a command the watch answered before it was marked sent, and fails one with its reason', async () => {
    const device = await watch();
    const early = await queue(device);
    expect(await markCommandAcknowledged(db, early.id)).toBe(true);
    expect((await states(device, early.id)).states.map((s) => s.status)).toEqual(['queued', 'acknowledged']);

    const refused = await queue(device, 'positionPeriodic', { frequency: 60 });
    expect(await markCommandSent(db, refused.id)).toBe(true);
    expect(await markCommandFailed(db, refused.id, 'the watch closed the connection')).toBe(true);
    expect(await markCommandAcknowledged(db, refused.id)).toBe(false);
    const failed = await states(device, refused.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'the watch closed the connection', acknowledgedTime: null });
    expect(failed.states.map((s) => [s.status, s.detail])).toEqual([['queued', null], ['sent', null], ['failed', 'the watch closed the connection']]);
  });

  it("merges an acknowledged command's settings into the device's reported settings", async () => {
    const device = await watch();
    const command = await queue(device, 'sosNumber', { index: 2, phone: '+4522222222', settings: { 'sosNumbers[2]': '+4522222222' } });
    const plain = await queue(device, 'positionSingle');
    await db.insertInto('device_settings').values({ device_id: device, tenant_id: tenantId, model: 'watch4', wanted: JSON.stringify({ sosNumbers: ['', '+4522222222'] }), reported: JSON.stringify({ sosNumbers: ['+4511111111'], batteryLevel: 50 }), concurrency_stamp: randomUUID() }).execute();
    const at = new Date('2026-04-02T08:00:00Z');
    expect(await markCommandAcknowledged(db, command.id, at)).toBe(true);
    expect(await markCommandAcknowledged(db, plain.id)).toBe(true);
    const row = await db.selectFrom('device_settings').select(['reported', 'reported_time']).where('device_id', '=', device).executeTakeFirstOrThrow();
    // The command without settings changed nothing reported.
    expect(row.reported).toEqual({ sosNumbers: ['+4511111111', '+4522222222'], batteryLevel: 50 });
    expect(new Date(row.reported_time!).toISOString()).toBe(at.toISOString());
  });

  it('expires queued commands past their lifetime, once, and hands the transport only those still in time', async () => {
    const device = await watch();
    const locateOld = await queue(device, 'positionSingle');
    await age(locateOld.id, COMMAND_LIFETIMES.byType.positionSingle! + 60_000);
    const settingYoung = await queue(device, 'positionPeriodic', { frequency: 60 });
    await age(settingYoung.id, 2 * HOUR);
    const templateOld = await queue(device, 'template');
    await age(templateOld.id, COMMAND_LIFETIMES.otherwise + 60_000);
    const sentOld = await queue(device, 'positionSingle');
    await markCommandSent(db, sentOld.id);
    await age(sentOld.id, 2 * DAY);
    const smsOld = await queue(device, 'template', {}, 'sms');
    await age(smsOld.id, 8 * DAY);
    const fresh = await queue(device, 'positionSingle');

    // Before the sweep the transport already leaves out what ran out of time.
    expect((await queuedCommands(db, device)).map((c) => c.id)).toEqual([settingYoung.id, fresh.id]);
    expect(await expireCommands(db)).toBeGreaterThanOrEqual(3);
    expect(await expireCommands(db)).toBe(0);
    const log = new Map((await recentCommands(db, device)).map((c) => [c.id, c]));
    expect([locateOld, settingYoung, templateOld, sentOld, smsOld, fresh].map((c) => log.get(c.id)!.status)).toEqual(['expired', 'queued', 'expired', 'sent', 'expired', 'queued']);
    expect(log.get(locateOld.id)!.states.map((s) => s.status)).toEqual(['queued', 'expired']);
    expect(await markCommandSent(db, locateOld.id)).toBe(false);
    // An hour from now the young setting still waits; the fresh locate-now has expired.
    expect(await expireCommands(db, new Date(Date.now() + HOUR + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await queuedCommands(db, device)).map((c) => c.id)).toEqual([settingYoung.id]);
  });

  it('lists queued commands oldest first and sent ones in the order they went out, device channel only', async () => {
    const device = await watch();
    const first = await queue(device, 'positionPeriodic', { frequency: 60 });
    await age(first.id, 3 * HOUR);
    const second = await queue(device, 'template');
    await age(second.id, 2 * HOUR);
    const third = await queue(device, 'sosNumber', { index: 1, phone: '+4511111111', settings: { 'sosNumbers[1]': '+4511111111' } });
    await queue(device, 'template', {}, 'sms');
    expect(await queuedCommands(db, device)).toEqual([
      { id: first.id, type: 'positionPeriodic', text: 'positionPeriodic', attributes: { frequency: 60 } },
      { id: second.id, type: 'template', text: 'template', attributes: {} },
      { id: third.id, type: 'sosNumber', text: 'sosNumber', attributes: { index: 1, phone: '+4511111111', settings: { 'sosNumbers[1]': '+4511111111' } } },
    ]);
    await markCommandSent(db, third.id);
    await new Promise((r) => setTimeout(r, 5));
    await markCommandSent(db, first.id);
    expect((await sentCommands(db, device)).map((c) => c.id)).toEqual([third.id, first.id]);
    expect((await queuedCommands(db, device)).map((c) => c.id)).toEqual([second.id]);
    await markCommandAcknowledged(db, third.id);
    expect((await sentCommands(db, device)).map((c) => c.id)).toEqual([first.id]);
  });

  it('counts a text-message command sent once the gateway accepted it, failed with its answer when refused', async () => {
    const device = await watch();
    const simId = randomUUID();
    const dyn = db as unknown as { insertInto: (t: string) => { values: (v: object) => { execute: () => Promise<unknown> } } };
    await dyn.insertInto('simcards').values({ id: simId, tenant_id: tenantId, iccid: '8945000000000000077', phone_number: '+4520999999', status: 'active', concurrency_stamp: randomUUID() }).execute();
    await db.updateTable('devices').set({ sim_card_id: simId } as never).where('id', '=', device).execute();
    const template = randomUUID();
    await dyn.insertInto('command_templates').values({ id: template, tenant_id: null, name: 'Reboot by SMS', device_model: 'watch4', command: 'pw,123456,reset#', is_text_message: true, variables: '[]', concurrency_stamp: randomUUID() }).execute();

    gatewayStatus = 200;
    const sent = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: device, commandTemplateId: template });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ channel: 'sms', phoneNumber: '+4520999999', status: 'sent', error: null });
    expect((sent.body.states as { status: string }[]).map((s) => s.status)).toEqual(['queued', 'sent']);
    expect(texts).toContainEqual({ to: '+4520999999', text: 'pw,123456,reset#' });

    gatewayStatus = 503;
    const refused = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: device, commandTemplateId: template });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ channel: 'sms', status: 'failed', sentTime: null, error: 'SMS gateway answered 503: no credit left' });
    expect((refused.body.states as { status: string; detail: string | null }[]).map((s) => [s.status, s.detail])).toEqual([['queued', null], ['failed', 'SMS gateway answered 503: no credit left']]);

    // A deactivated SIM card takes no texts: the device has no number to send to.
    await sql`update simcards set status = 'deactivated' where id = ${simId}`.execute(db);
    const deactivated = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: device, commandTemplateId: template });
    expect(deactivated.status).toBe(400);
    expect(deactivated.body.error!.validationErrors![0]!.members).toEqual(['deviceId']);
  });
});
