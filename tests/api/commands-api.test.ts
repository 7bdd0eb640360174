import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { markCommandAcknowledged, markCommandSent, queuedCommands, recordReportedSettings } from '../../server/commands';
import { watchCodec } from '../../server/protocols/watch';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { translate } from '../../server/localization/texts';
import { caller } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * Commands to watches: templates with variables, the SMS adapter, commands by type from the
 * protocol's catalogue, queued requests, settings as protocol commands, wanted versus reported.
 */
describe.each(DATABASES)('commands API ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  const call = caller(() => server);
  let staff: string;
  let carer: string;
  let otherTenant: string;
  let tenantId: string;
  let watch: string;
  let noSimWatch: string;
  /** Watches of the other models' protocols, and one without a model. */
  let eviWatch: string;
  let tizenWatch: string;
  let noModelWatch: string;
  let troubleshooter: string;
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
    const device = async (model: string | null, imei: string) => {
      const id = randomUUID();
      await db.insertInto('devices').values({ id, tenant_id: tenantId, owner_user_id: null, name: `Watch ${imei.slice(-4)}`, imei, model, concurrency_stamp: randomUUID(), creator_id: null }).execute();
      return id;
    };
    eviWatch = await device('evi', '356938035641001');
    tizenWatch = await device('tizen', '356938035641002');
    noModelWatch = await device(null, '356938035641003');
    const foreign = await createTenantUser(db, { tenant: 'Command Other', userName: 'cmd-other', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    const support = await createTenantUser(db, { tenantId, userName: 'cmd-support', role: 'cmd-support', policies: ['Vigil.Troubleshoot'] });
    [staff, carer, otherTenant, troubleshooter] = (await Promise.all([
      tokensFor(server.url, 'staff', DEMO_PASSWORD),
      tokensFor(server.url, 'caregiver', DEMO_PASSWORD),
      tokensFor(server.url, foreign.userName, foreign.password),
      tokensFor(server.url, support.userName, support.password),
    ])).map((t) => t.access_token) as [string, string, string, string];
  });
  afterAll(async () => server?.stop());

  it("terminalInfo lists the commands of the model's protocol and the templates for its model", async () => {
    const info = await call(staff, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${watch}`);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body).toMatchObject({ deviceId: watch, model: 'watch4', protocol: 'watch', phoneNumber: phone });
    expect(info.body.commands).toEqual([...watchCodec.commands]);
    expect(Object.keys(info.body.commandAttributes as object)).toEqual([...watchCodec.commands]);
    expect(info.body.commandAttributes).toMatchObject({ positionSingle: [], positionPeriodic: ['frequency'], sosNumber: ['index', 'phone'], alarmBattery: ['enable'], custom: ['data'] });
    expect((await call(staff, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${eviWatch}`)).body).toMatchObject({ protocol: 'eview', commands: ['custom'], phoneNumber: null });
    expect((await call(staff, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${tizenWatch}`)).body).toMatchObject({ protocol: 'osmand', commands: ['positionSingle', 'custom'], commandAttributes: { positionSingle: [], custom: ['data'] } });
    expect((await call(staff, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${noModelWatch}`)).body).toMatchObject({ model: null, protocol: null, commands: [], commandAttributes: {} });
    const names = (info.body.templates as { name: string; variables: string[] }[]).map((t) => t.name).sort();
    // The demo tenant has watch4 templates of its own; the l10 one is never offered for a watch4.
    expect(names).toEqual(expect.arrayContaining(['Interval', 'SOS number']));
    expect(names).not.toContain('L10 reboot');
    expect((info.body.templates as { name: string; variables: string[] }[]).find((t) => t.name === 'SOS number')!.variables).toEqual(['number', 'name']);
    expect((await call(otherTenant, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${watch}`)).status).toBe(404);
    expect((await call(carer, 'GET', `/api/app/terminalCommand/terminalInfo?deviceId=${watch}`)).status).toBe(403);
  });

  it('sends a text-message template through the SMS adapter, which logs that it went, never the number or the text', async () => {
    const info = vi.spyOn(server.app.log, 'info');
    try {
      const sent = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: smsTemplate, variables: { number: '+4511223344', name: 'Anna' } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({ channel: 'sms', phoneNumber: phone, status: 'sent', text: 'SOS1,+4511223344,Anna#', templateId: smsTemplate });
      // Logged, then sent once the gateway took it.
      expect((sent.body.states as { status: string }[]).map((s) => s.status)).toEqual(['queued', 'sent']);
      expect(sent.body.sentTime).toBe((sent.body.states as { time: string }[])[1]!.time);
      const logged = info.mock.calls.find(([obj]) => typeof obj === 'object' && obj !== null && 'sms' in obj);
      expect(logged?.[0]).toEqual({ sms: { characters: 'SOS1,+4511223344,Anna#'.length } });
      expect(JSON.stringify(logged)).not.toContain('Anna');
      expect(JSON.stringify(logged)).not.toContain(phone);
    } finally {
      info.mockRestore();
    }
    const noSim = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: noSimWatch, commandTemplateId: smsTemplate, variables: { number: '1234', name: 'x' } });
    expect(noSim.status).toBe(400);
    expect(noSim.body.error!.validationErrors![0]!.members).toEqual(['deviceId']);
  });

  it('queues a device template and refuses unknown, missing and unsafe variables, and a template of another model', async () => {
    const queued = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: queuedTemplate, variables: { seconds: '60' } });
    expect(queued.body).toMatchObject({ channel: 'device', status: 'queued', type: 'template', text: 'UPLOAD,60#', sentTime: null, acknowledgedTime: null });
    expect(queued.body.states).toEqual([{ status: 'queued', time: queued.body.creationTime, detail: null }]);
    // A week to wait for the watch.
    expect(Date.parse(String(queued.body.expiryTime)) - Date.parse(String(queued.body.creationTime))).toBe(7 * 86_400_000);
    // Over the watch's own channel the text goes as its custom command: plain ASCII only.
    const accented = await call(staff, 'POST', '/api/app/terminalCommand/sendCommand', { deviceId: watch, commandTemplateId: queuedTemplate, variables: { seconds: 'Åse' } }, { lang: 'de' });
    expect(accented.status).toBe(400);
    expect(accented.body.error!.validationErrors).toEqual([{ members: ['commandTemplateId'], message: 'Die ausgefüllte Vorlage kann nicht an die watch4-Uhr gesendet werden: ihr Protokoll nimmt diesen Text nicht an' }]);

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

    // The transport takes the queued commands and marks each sent once written, and only once.
    const waiting = await queuedCommands(server.database.db, watch);
    const upload = waiting.find((c) => c.id === queued.body.id)!;
    expect(upload).toEqual({ id: queued.body.id, type: 'template', text: 'UPLOAD,60#', attributes: {} });
    expect(await markCommandSent(server.database.db, upload.id)).toBe(true);
    expect(await markCommandSent(server.database.db, upload.id)).toBe(false);
    expect((await queuedCommands(server.database.db, watch)).map((c) => c.id)).not.toContain(upload.id);
    const log = await call(staff, 'GET', `/api/app/terminalCommand/log?deviceId=${watch}`);
    const logged = (log.body.items as { id: string; status: string; states: { status: string }[] }[]).find((c) => c.id === upload.id)!;
    expect(logged.status).toBe('sent');
    expect(logged.states.map((s) => s.status)).toEqual(['queued', 'sent']);
    // Support staff read the log on the troubleshooting page; a caregiver does not.
    expect((await call(troubleshooter, 'GET', `/api/app/terminalCommand/log?deviceId=${watch}`)).status).toBe(200);
    expect((await call(carer, 'GET', `/api/app/terminalCommand/log?deviceId=${watch}`)).status).toBe(403);
  });

  it("sends a command by type when the device's protocol takes it with those values", async () => {
    const sent = await call(staff, 'POST', '/api/app/terminalCommand/sendNative', { deviceId: watch, type: 'positionPeriodic', attributes: { frequency: 120 } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ type: 'positionPeriodic', attributes: { frequency: 120 }, channel: 'device', status: 'queued', text: 'positionPeriodic' });
    expect((await queuedCommands(server.database.db, watch)).find((c) => c.id === sent.body.id)).toMatchObject({ type: 'positionPeriodic', attributes: { frequency: 120 } });
    const custom = await call(staff, 'POST', '/api/app/terminalCommand/sendNative', { deviceId: tizenWatch, type: 'custom', attributes: { data: 'ring 3' } });
    expect(custom.body).toMatchObject({ type: 'custom', text: 'ring 3', status: 'queued' });

    const refused = async (body: object, lang = 'en') => {
      const res = await call(staff, 'POST', '/api/app/terminalCommand/sendNative', body, { lang });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error!.validationErrors;
    };
    // Values that make no command, named.
    expect(await refused({ deviceId: watch, type: 'positionPeriodic', attributes: { frequency: 'often' } })).toEqual([
      { members: ['attributes.frequency'], message: 'These values do not make a positionPeriodic command: check frequency' },
    ]);
    expect(await refused({ deviceId: watch, type: 'sosNumber', attributes: { index: 4, phone: '+4511111111' } }, 'da')).toEqual([
      { members: ['attributes.index', 'attributes.phone'], message: 'Disse værdier giver ikke en sosNumber-kommando: kontroller index, phone' },
    ]);
    expect(await refused({ deviceId: watch, type: 'rebootDevice', attributes: { delay: 5 } })).toEqual([{ members: ['attributes.delay'], message: 'The command rebootDevice takes no value called delay' }]);
    // A type outside the device's catalogue, and a device without a model.
    expect(await refused({ deviceId: eviWatch, type: 'positionPeriodic', attributes: { frequency: 60 } }, 'sv')).toEqual([{ members: ['type'], message: 'evi-klockan tar inte emot kommandot positionPeriodic' }]);
    expect(await refused({ deviceId: tizenWatch, type: 'rebootDevice' })).toEqual([{ members: ['type'], message: 'The tizen watch does not take the command rebootDevice' }]);
    expect(await refused({ deviceId: noModelWatch, type: 'positionSingle' })).toEqual([{ members: ['deviceId'], message: 'The device has no model, so it takes no commands' }]);
    // Not a command type at all: the route's schema.
    expect((await call(staff, 'POST', '/api/app/terminalCommand/sendNative', { deviceId: watch, type: 'selfDestruct' })).status).toBe(400);
    expect((await call(carer, 'POST', '/api/app/terminalCommand/sendNative', { deviceId: watch, type: 'positionSingle' })).status).toBe(403);
    expect((await call(otherTenant, 'POST', '/api/app/terminalCommand/sendNative', { deviceId: watch, type: 'positionSingle' })).status).toBe(404);
  });

  it("lets a caregiver request a position and history of their own watch only", async () => {
    const position = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: watch });
    expect(position.status, JSON.stringify(position.body)).toBe(200);
    expect(position.body).toMatchObject({ type: 'positionSingle', text: 'positionSingle', attributes: {}, status: 'queued', channel: 'device' });
    // "Where is she now" is no use an hour later.
    expect(Date.parse(String(position.body.expiryTime)) - Date.parse(String(position.body.creationTime))).toBe(3_600_000);
    // No 3G command asks for a history.
    const history = await call(carer, 'POST', '/api/app/productInstance/requestHistory', { deviceId: watch, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' });
    expect(history.status).toBe(400);
    expect(history.body.error!.validationErrors).toEqual([{ members: ['deviceId'], message: 'The watch4 watch cannot be asked for its position history' }]);
    expect((await call(carer, 'POST', '/api/app/productInstance/requestHistory', { deviceId: watch, from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' })).status).toBe(400);
    // The Tizen app reads 'history' in the answer to its next report.
    const tizenHistory = await call(staff, 'POST', '/api/app/productInstance/requestHistory', { deviceId: tizenWatch, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' });
    expect(tizenHistory.status, JSON.stringify(tizenHistory.body)).toBe(200);
    expect(tizenHistory.body).toMatchObject({ type: 'custom', text: 'history', status: 'queued', attributes: { data: 'history', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' } });
    // An Eview takes only raw configuration: it cannot be asked to locate itself.
    const evi = await call(staff, 'POST', '/api/app/productInstance/requestPosition', { deviceId: eviWatch }, { lang: 'nb' });
    expect(evi.status).toBe(400);
    expect(evi.body.error!.validationErrors).toEqual([{ members: ['deviceId'], message: 'evi-klokken kan ikke bes om posisjonen sin nå: kartet viser den siste posisjonen klokken sendte' }]);

    const strangerWatch = randomUUID();
    await server.database.db.insertInto('devices').values({ id: strangerWatch, tenant_id: tenantId, owner_user_id: null, name: 'Stock watch', imei: '356938035649999', model: 'watch4', concurrency_stamp: randomUUID(), creator_id: null }).execute();
    expect((await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: strangerWatch })).status).toBe(404);
    expect((await call(staff, 'POST', '/api/app/productInstance/requestPosition', { deviceId: strangerWatch })).status).toBe(200);
    expect((await call(otherTenant, 'POST', '/api/app/productInstance/requestPosition', { deviceId: watch })).status).toBe(404);
  });

  it('lets a caregiver follow their own position request as it goes; anyone else gets a 404', async () => {
    const db = server.database.db;
    const read = (token: string, id: string, lang = 'en') => call(token, 'GET', `/api/app/productInstance/requestPosition/${id}`, undefined, { lang });
    const asked = await call(carer, 'POST', '/api/app/productInstance/requestPosition', { deviceId: watch });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const id = String(asked.body.id);
    const queued = await read(carer, id);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body).toMatchObject({ id, deviceId: watch, type: 'positionSingle', status: 'queued', states: [{ status: 'queued' }] });
    // Written to the watch, then echoed by it: each state is read back with its time.
    await markCommandSent(db, id);
    expect((await read(carer, id)).body).toMatchObject({ status: 'sent', states: [{ status: 'queued' }, { status: 'sent' }] });
    await markCommandAcknowledged(db, id);
    const acknowledged = await read(carer, id);
    expect(acknowledged.body).toMatchObject({ status: 'acknowledged', states: [{ status: 'queued' }, { status: 'sent' }, { status: 'acknowledged' }] });
    expect(acknowledged.body.acknowledgedTime).toEqual(expect.any(String));
    // Staff of the tenant (devices or troubleshooting) read it too.
    expect((await read(staff, id)).status).toBe(200);
    expect((await read(troubleshooter, id)).status).toBe(200);

    // Another caregiver of the same tenant, another tenant's administrator: not theirs, so not there.
    const other = await createTenantUser(db, { tenantId, userName: 'cmd-other-carer', role: 'cmd-carer', policies: CAREGIVER_POLICIES });
    const otherCarer = (await tokensFor(server.url, other.userName, other.password)).access_token;
    const refused = await read(otherCarer, id, 'de');
    expect(refused.status).toBe(404);
    expect(refused.body.error!.message).toBe(translate('errors.entityNotFound', 'de'));
    expect((await read(otherTenant, id)).status).toBe(404);
    // The caregiver's own watch, but a request staff made: the caregiver reads only their own requests.
    const byStaff = await call(staff, 'POST', '/api/app/productInstance/requestPosition', { deviceId: watch });
    expect((await read(carer, String(byStaff.body.id))).status).toBe(404);
    expect((await read(staff, String(byStaff.body.id))).status).toBe(200);
    // Only position requests are read here (other commands are in the staff's log), and only ones that exist.
    const custom = await call(staff, 'POST', '/api/app/terminalCommand/sendNative', { deviceId: watch, type: 'custom', attributes: { data: 'ring 3' } });
    expect(custom.status).toBe(200);
    expect((await read(staff, String(custom.body.id))).status).toBe(404);
    expect((await read(carer, randomUUID())).status).toBe(404);
    expect((await read(carer, 'not-a-command')).status).toBe(404);
  });

  it('queues settings as the protocol commands that set them; in sync once the watch acknowledged each', async () => {
    const db = server.database.db;
    const initial = await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`);
    expect(initial.body).toMatchObject({ model: 'watch4', wanted: {}, reported: null, inSync: true, lastSyncTime: null });
    // What a settings screen offers: what the model's protocol carries; nothing for Eview and OsmAnd watches.
    expect(initial.body).toMatchObject({ protocol: 'watch', settableSettings: ['positionIntervalSeconds', 'sosNumbers', 'lowBatteryAlarm', 'silentFrom', 'silentTo'] });
    for (const [other, protocol] of [[eviWatch, 'eview'], [tizenWatch, 'osmand'], [noModelWatch, null]] as const) {
      expect((await call(troubleshooter, 'GET', `/api/app/productInstance/getSettingsSync/${other}`)).body).toMatchObject({ protocol, settableSettings: [] });
    }

    const set = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { positionIntervalSeconds: 60, sosNumbers: ['+4511111111'], silentFrom: '22:00', silentTo: '07:00' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ wanted: { positionIntervalSeconds: 60, sosNumbers: ['+4511111111'], silentFrom: '22:00', silentTo: '07:00' }, inSync: false });
    const queued = (await queuedCommands(db, watch)).filter((c) => c.attributes.settings);
    expect(queued.map((c) => [c.type, c.attributes])).toEqual([
      ['positionPeriodic', { frequency: 60, settings: { positionIntervalSeconds: 60 } }],
      ['sosNumber', { index: 1, phone: '+4511111111', settings: { 'sosNumbers[1]': '+4511111111' } }],
      ['sosNumber', { index: 2, phone: '', settings: { 'sosNumbers[2]': '' } }],
      ['sosNumber', { index: 3, phone: '', settings: { 'sosNumbers[3]': '' } }],
      ['silenceTime', { data: '22:00-07:00', settings: { silentFrom: '22:00', silentTo: '07:00' } }],
    ]);

    // What a 3G watch cannot be sent is refused, naming the setting, and nothing of the change is kept.
    const fall = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { fallDetection: true, positionIntervalSeconds: 90 } }, { lang: 'da' });
    expect(fall.status).toBe(400);
    expect(fall.body.error!.validationErrors).toEqual([{ members: ['settings.fallDetection'], message: 'Indstillingen fallDetection kan ikke sendes til watch4-uret: dets protokol har ingen kommando til den' }]);
    expect((await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`)).body.wanted).not.toHaveProperty('fallDetection');
    expect((await queuedCommands(db, watch)).filter((c) => c.attributes.settings)).toHaveLength(5);
    // Quiet hours are sent whole: one end changed takes the wanted other.
    const later = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { silentTo: '06:30' } });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const quiet = (await queuedCommands(db, watch)).filter((c) => c.type === 'silenceTime').map((c) => c.attributes.data);
    expect(quiet).toEqual(['22:00-07:00', '22:00-06:30']);

    const bad = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { positionIntervalSeconds: 1, heartRateMonitoring: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.validationErrors!.map((v) => v.members[0]).sort()).toEqual(['settings.heartRateMonitoring', 'settings.positionIntervalSeconds']);
    const wrongModel = await call(staff, 'POST', '/api/app/productInstance/setEviSettings', { deviceId: watch, settings: { fallSensitivity: 3 } });
    expect(wrongModel.status).toBe(400);
    expect(wrongModel.body.error!.validationErrors).toEqual([{ members: ['deviceId'], message: 'These settings are for evi devices' }]);
    // Eview's and the Tizen app's protocols carry no setting yet.
    const evi = await call(staff, 'POST', '/api/app/productInstance/setEviSettings', { deviceId: eviWatch, settings: { positionIntervalSeconds: 60 } });
    expect(evi.body.error!.validationErrors).toEqual([{ members: ['settings.positionIntervalSeconds'], message: 'The setting positionIntervalSeconds cannot be sent to the evi watch: its protocol has no command for it' }]);
    expect((await call(staff, 'POST', `/api/app/productInstance/setTizenSettings/${tizenWatch}`, { settings: { language: 'da' } })).status).toBe(400);
    expect((await call(staff, 'POST', `/api/app/productInstance/setTizenSettings/${watch}`, { settings: { heartRateMonitoring: true } })).status).toBe(400);
    expect((await call(carer, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: watch, settings: { lowBatteryAlarm: false } })).status).toBe(403);

    // The watch echoes each command: its settings become the reported ones; in sync with the last.
    const all = (await queuedCommands(db, watch)).filter((c) => c.attributes.settings);
    for (const [i, command] of all.entries()) {
      expect(await markCommandSent(db, command.id)).toBe(true);
      expect(await markCommandAcknowledged(db, command.id, new Date(Date.UTC(2026, 2, 1, 10, i)))).toBe(true);
      const sync = (await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`)).body;
      expect(sync.inSync, `after ${command.type}`).toBe(i === all.length - 1);
    }
    expect(await markCommandAcknowledged(db, all[0]!.id)).toBe(false);
    const sync = await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`);
    expect(sync.body).toMatchObject({
      inSync: true,
      lastSyncTime: new Date(Date.UTC(2026, 2, 1, 10, all.length - 1)).toISOString(),
      reported: { positionIntervalSeconds: 60, sosNumbers: ['+4511111111'], silentFrom: '22:00', silentTo: '06:30' },
    });
    const log = await call(staff, 'GET', `/api/app/terminalCommand/log?deviceId=${watch}`);
    const settingsLog = (log.body.items as { attributes: { settings?: object }; status: string; acknowledgedTime: string | null; states: { status: string }[] }[]).filter((c) => c.attributes.settings);
    expect(settingsLog.map((c) => c.status)).toEqual(all.map(() => 'acknowledged'));
    expect(settingsLog.every((c) => c.acknowledgedTime !== null && c.states.map((s) => s.status).join() === 'queued,sent,acknowledged')).toBe(true);
    expect((await call(otherTenant, 'GET', `/api/app/productInstance/getSettingsSync/${watch}`)).status).toBe(404);
  });

  it('counts settings commands acknowledged once the watch reports every wanted setting itself', async () => {
    const set = await call(staff, 'POST', '/api/app/productInstance/setWatch4Settings', { deviceId: noSimWatch, settings: { positionIntervalSeconds: 300, lowBatteryAlarm: true } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await recordReportedSettings(server.database.db, noSimWatch, { positionIntervalSeconds: 300 })).toEqual({ inSync: false });
    expect((await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${noSimWatch}`)).body.inSync).toBe(false);
    const at = new Date('2026-03-01T10:00:00Z');
    expect(await recordReportedSettings(server.database.db, noSimWatch, { lowBatteryAlarm: true, batteryLevel: 80 }, at)).toEqual({ inSync: true });
    const sync = await call(staff, 'GET', `/api/app/productInstance/getSettingsSync/${noSimWatch}`);
    expect(sync.body).toMatchObject({ model: 'watch4', inSync: true, lastSyncTime: at.toISOString(), reported: { positionIntervalSeconds: 300, lowBatteryAlarm: true, batteryLevel: 80 } });
    const log = await call(staff, 'GET', `/api/app/terminalCommand/log?deviceId=${noSimWatch}`);
    const settings = (log.body.items as { type: string; status: string; acknowledgedTime: string }[]).filter((c) => ['positionPeriodic', 'alarmBattery'].includes(c.type));
    expect(settings.map((c) => [c.type, c.status, c.acknowledgedTime]).sort()).toEqual([
      ['alarmBattery', 'acknowledged', at.toISOString()],
      ['positionPeriodic', 'acknowledged', at.toISOString()],
    ]);
  });
});
