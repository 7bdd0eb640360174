import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { recordReportedSettings, takeQueuedCommands } from '../../server/commands';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/** Commands to watches: templates with variables, the SMS adapter, queued requests, settings wanted versus reported. */
describe.each(DATABASES)('commands API ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  const call = caller(() => server);
  let staff: string;
  let carer: string;
  let otherTenant: string;
  let tenantId: string;
  let watch: string;
  let noSimWatch: string;
  let smsTemplate: string;
  let queuedTemplate: string;
  let l10Template: string;
  const phone = '+4520123456';

  const dyn = () => server.database.db as unknown as { insertInto: (t: string) => { values: (v: object) => { execute: () => Promise<unknown> } } };
  async function template(values: { name: string; deviceModel: string; command: string; isTextMessage: boolean; variables: string[] }) {
    const id = randomUUID();
    await dyn()
      .insertInto('command_templates')
      .values({ id, tenant_id: null, name: values.name, device_model: values.deviceModel, command: values.command, is_text_message: values.isTextMessage, variables: JSON.stringify(values.variables), concurrency_stamp: randomUUID() })
      .execute();
    return id;
  }

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const db = server.database.db;
    tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const ids = (await db.selectFrom('devices').select('id').where('tenant_id', '=', tenantId).orderBy('imei').execute()).map((d) => d.id);
    watch = ids[0]!;
    noSimWatch = ids[1]!;
    const simId = randomUUID();
    await dyn().insertInto('simcards').values({ id: simId, tenant_id: tenantId, iccid: '8945000000000000001', phone_number: phone, status: 'active', concurrency_stamp: randomUUID() }).execute();
    await (db as unknown as { updateTable: (t: string) => { set: (v: object) => { where: (c: string, o: string, v: string) => { execute: () => Promise<unknown> } } } })
      .updateTable('devices').set({ sim_card_id: simId }).where('id', '=', watch).execute();
    smsTemplate = await template({ name: 'SOS number', deviceModel: 'watch4', command: 'SOS1,{number},{name}#', isTextMessage: true, variables: ['number', 'name'] });
    queuedTemplate = await template({ name: 'Interval', deviceModel: 'watch4', command: 'UPLOAD,{seconds}#', isTextMessage: false, variables: ['seconds'] });
    l10Template = await template({ name: 'L10 reboot', deviceModel: 'l10', command: 'RESET#', isTextMessage: false, variables: [] });
    const foreign = await createTenantUser(db, { tenant: 'Command Other', userName: 'cmd-other', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    [staff, carer, otherTenant] = (await Promise.all([
      tokensFor(server.url, 'staff', DEMO_PASSWORD),
      tokensFor(server.url, 'caregiver', DEMO_PASSWORD),
      tokensFor(server.url, foreign.userName, foreign.password),
    ])).map((t) => t.access_token) as [string, string, string];
  });
  afterAll(async () => server?.stop());

  it("terminalInfo lists the model's commands and the templates for its model", async () => {
    const info = await call(staff, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${watch}`);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body).toMatchObject({ deviceId: watch, model: 'watch4', phoneNumber: phone });
    expect(info.body.commands).toContain('positionSingle');
    const names = (info.body.templates as { name: string; variables: string[] }[]).map((t) => t.name).sort();
    // The demo tenant has watch4 templates of its own; the l10 one is never offered for a watch4.
    expect(names).toEqual(expect.arrayContaining(['Interval', 'SOS number']));
    expect(names).not.toContain('L10 reboot');
    expect((info.body.templates as { name: string; variables: string[] }[]).find((t) => t.name === 'SOS number')!.variables).toEqual(['number', 'name']);
    expect((await call(otherTenant, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${watch}`)).status).toBe(404);
    expect((await call(carer, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${watch}`)).status).toBe(403);
  });

  it('sends a text-message template through the SMS adapter, which writes it to the log', async () => {
    const info = vi.spyOn(server.app.log, 'info');
    try {
      const sent = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: smsTemplate, variables: { number: '+4511223344', name: 'Anna' } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({ channel: 'sms', phoneNumber: phone, status: 'sent', text: 'SOS1,+4511223344,Anna#', templateId: smsTemplate });
      const logged = info.mock.calls.find(([obj]) => typeof obj === 'object' && obj !== null && 'sms' in obj);
      expect(logged?.[0]).toEqual({ sms: { to: phone, text: 'SOS1,+4511223344,Anna#' } });
    } finally {
      info.mockRestore();
    }
    const noSim = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: noSimWatch, commandTemplateId: smsTemplate, variables: { number: '1234', name: 'x' } });
    expect(noSim.status).toBe(400);
    expect(noSim.body.error!.validationErrors![0]!.members).toEqual(['deviceId']);
  });

  it('queues a device template and refuses unknown, missing and unsafe variables, and a template of another model', async () => {
    const queued = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: queuedTemplate, variables: { seconds: '60' } });
    expect(queued.body).toMatchObject({ channel: 'device', status: 'queued', text: 'UPLOAD,60#' });

    const unknown = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: queuedTemplate, variables: { seconds: '60', minutes: '1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.validationErrors).toEqual([{ members: ['variables.minutes'], message: 'The template has no variable called minutes' }]);
    const missing = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: queuedTemplate, variables: {} }, { lang: 'da' });
    expect(missing.body.error!.validationErrors).toEqual([{ members: ['variables.seconds'], message: 'Angiv en værdi for seconds' }]);
    const unsafe = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: queuedTemplate, variables: { seconds: '{x}' } });
    expect(unsafe.body.error!.validationErrors![0]!.members).toEqual(['variables.seconds']);
    const otherModel = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: l10Template });
    expect(otherModel.status).toBe(400);
    expect((await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: randomUUID() })).status).toBe(400);
    expect((await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: 'x', commandTemplateId: queuedTemplate })).status).toBe(400);
    expect((await call(otherTenant, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: queuedTemplate, variables: { seconds: '60' } })).status).toBe(404);

    // The ingest hands queued commands over once, marking them sent.
    const handed = await takeQueuedCommands(server.database.db, watch);
    expect(handed.map((c) => c.text)).toContain('UPLOAD,60#');
    expect(handed.every((c) => c.status === 'sent')).toBe(true);
    expect(await takeQueuedCommands(server.database.db, watch)).toEqual([]);
    const log = await call(staff, 'GET', `/api/app/terminalCommand/log?deviceId=${watch}`);
    expect((log.body.items as { text: string; status: string }[]).find((c) => c.text === 'UPLOAD,60#')!.status).toBe('sent');
  });

  it("lets a caregiver request a position and history of their own watch only", async () => {
    const position = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: watch });
    expect(position.status, JSON.stringify(position.body)).toBe(200);
    expect(position.body).toMatchObject({ type: 'positionSingle', status: 'queued', channel: 'device' });
    const history = await call(carer, 'POST', '/api/app/productInstance/requestHistory', { deviceId: watch, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' });
    expect(history.body).toMatchObject({ type: 'history', status: 'queued', attributes: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' } });
    expect((await call(carer, 'POST', '/api/app/productInstance/requestHistory', { deviceId: watch, from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' })).status).toBe(400);

    const strangerWatch = randomUUID();
    await server.database.db.insertInto('devices').values({ id: strangerWatch, tenant_id: tenantId, owner_user_id: null, name: 'Stock watch', imei: '356938035649999', model: 'watch4', concurrency_stamp: randomUUID(), creator_id: null }).execute();
    expect((await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: strangerWatch })).status).toBe(404);
    expect((await call(staff, 'POST', '/api/app/productInstance/requestPosition', { deviceId: strangerWatch })).status).toBe(200);
    expect((await call(otherTenant, 'POST', '/api/app/productInstance/requestPosition', { deviceId: watch })).status).toBe(404);
  });

  it('keeps settings as wanted versus reported, validated per model', async () => {
    const initial = await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`);
    expect(initial.body).toMatchObject({ model: 'watch4', wanted: {}, reported: null, inSync: true, lastSyncTime: null });

    const set = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { positionIntervalSeconds: 60, fallDetection: true } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ wanted: { positionIntervalSeconds: 60, fallDetection: true }, inSync: false });

    const bad = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { positionIntervalSeconds: 1, heartRateMonitoring: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.validationErrors!.map((v) => v.members[0]).sort()).toEqual(['settings.heartRateMonitoring', 'settings.positionIntervalSeconds']);
    const wrongModel = await call(staff, 'POST', '/api/app/productInstance/setEviSettings', { deviceId: watch, settings: { fallSensitivity: 3 } });
    expect(wrongModel.status).toBe(400);
    expect(wrongModel.body.error!.validationErrors).toEqual([{ members: ['deviceId'], message: 'These settings are for evi devices' }]);
    expect((await call(staff, 'POST', `/api/app/productInstance/setTizenSettings/${watch}`, { settings: { heartRateMonitoring: true } })).status).toBe(400);
    expect((await call(carer, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { fallDetection: false } })).status).toBe(403);

    // The watch reports part of it, then the rest: in sync, and the settings command delivered.
    expect(await recordReportedSettings(server.database.db, watch, { positionIntervalSeconds: 60 })).toEqual({ inSync: false });
    expect((await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`)).body.inSync).toBe(false);
    const at = new Date('2026-03-01T10:00:00Z');
    expect(await recordReportedSettings(server.database.db, watch, { fallDetection: true, batteryLevel: 80 }, at)).toEqual({ inSync: true });
    const sync = await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`);
    expect(sync.body).toMatchObject({ model: 'watch4', inSync: true, lastSyncTime: at.toISOString(), reported: { positionIntervalSeconds: 60, fallDetection: true, batteryLevel: 80 } });
    const log = await call(staff, 'GET', `/api/app/terminalCommand/log?deviceId=${watch}`);
    expect((log.body.items as { type: string; status: string }[]).filter((c) => c.type === 'settings').map((c) => c.status)).toEqual(['delivered']);
    expect((await call(otherTenant, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`)).status).toBe(404);
  });
});
