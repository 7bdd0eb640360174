import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';
import { translate } from '../../server/localization/texts';

/** SIM card batch upload (CSV), batch and single deactivation: server/resource-extensions/simcards. */
describe.each(DATABASES)('SIM card module ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let tenantA: string;
  let tenantB: string;
  const call = caller(() => server);
  const upload = (token: string, csv: string, lang = 'en') => call(token, 'POST', '/api/app/simCardInstance/batchUpload', csv, { contentType: 'text/csv', lang });
  let serial = 0;
  const iccid = () => `8945${String(Date.now()).slice(-9)}${String(++serial).padStart(6, '0')}`;
  let phones = 0;
  const phone = () => `+4520${String(++phones).padStart(6, '0')}`;

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Sim Tenant A', userName: 'sim-a', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Sim Tenant B', userName: 'sim-b', role: 'admin', policies });
    [tenantA, tenantB] = await Promise.all([a, b].map((u) => tokensFor(server.url, u.userName, u.password).then((t) => t.access_token))) as [string, string];
  });
  afterAll(async () => server?.stop());

  it('creates the good lines, reports the bad ones by line number, and audits every created card', async () => {
    const [good1, good2] = [iccid(), iccid()];
    const csv = [
      'ICCID;Phone number;operator;Status;activationDate',
      `${good1};${phone()};"Telia; DK";active;2026-01-15`,
      `8945000000000ABC123;${phone()};Telia;active;2026-01-15`,
      '',
      `${good2};${phone()};3;;`,
      `${good1};${phone()};Telia;inactive;`,
      `${iccid()};${phone()};Telia;broken;2026-13-45`,
      `${iccid()};${phone()};Telia;active;2026-01-01;extra`,
    ].join('\r\n');
    const res = await upload(tenantA, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 6, created: 2 });
    const errors = res.body.errors as { row: number; messages: { member: string | null; message: string }[] }[];
    expect(errors.map((e) => e.row)).toEqual([3, 6, 7, 8]);
    expect(errors[0]!.messages).toEqual([{ member: 'iccid', message: 'Must contain only numbers' }]);
    expect(errors[1]!.messages).toEqual([{ member: 'iccid', message: 'ICCID already exists' }]);
    expect(errors[2]!.messages.map((m) => m.member).sort()).toEqual(['activationDate', 'status']);
    expect(errors[3]!.messages[0]!.member).toBeNull();

    const list = await call(tenantA, 'GET', `/api/app/simCardInstance?MaxResultCount=100&iccid=${good1}&iccid=${good2}`);
    const items = list.body.items as Record<string, unknown>[];
    expect(items.map((i) => i.iccid).sort()).toEqual([good1, good2].sort());
    expect(items.find((i) => i.iccid === good1)).toMatchObject({ operator: 'Telia; DK', status: 'active', activationDate: '2026-01-15' });
    // An empty status takes the schema default, as the form would.
    expect(items.find((i) => i.iccid === good2)).toMatchObject({ status: 'inactive', activationDate: null });

    const audit = await server.database.db.selectFrom('audit_logs').select('entity_changes').where('url', 'like', '%batchUpload%').execute();
    const changes = audit.flatMap((a) => a.entity_changes);
    expect(changes.filter((c) => c.changeType === 0 && items.some((i) => i.id === c.entityId))).toHaveLength(2);
  });

  it('reads a status as the list shows it, in any language and any case', async () => {
    const cards = [iccid(), iccid(), iccid(), iccid(), iccid()];
    const csv = ['iccid;status', `${cards[0]};Active`, `${cards[1]};INAKTIV`, `${cards[2]};Deaktiveret`, `${cards[3]};deaktiviert`, `${cards[4]};Perhaps`].join('\n');
    const res = await upload(tenantA, csv, 'da');
    expect(res.body).toMatchObject({ total: 5, created: 4 });
    expect((res.body.errors as { row: number; messages: { member: string }[] }[]).map((e) => [e.row, e.messages[0]!.member])).toEqual([[6, 'status']]);
    const list = await call(tenantA, 'GET', `/api/app/simCardInstance?MaxResultCount=100${cards.map((c) => `&iccid=${c}`).join('')}`);
    const status = Object.fromEntries((list.body.items as { iccid: string; status: string }[]).map((i) => [i.iccid, i.status]));
    expect(cards.slice(0, 4).map((c) => status[c])).toEqual(['active', 'inactive', 'deactivated', 'deactivated']);
  });

  it('refuses values another line or an existing card already has, and accepts JSON { csv } in the caller\'s language', async () => {
    const taken = iccid();
    expect((await upload(tenantA, `iccid,phoneNumber\n${taken},${phone()}`)).body.created).toBe(1);
    const res = await call(tenantA, 'POST', '/api/app/simCardInstance/batchUpload', { csv: `iccid,phone_number\n${taken},${phone()}\n12,${phone()}` }, { lang: 'da-DK' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, created: 0 });
    const errors = res.body.errors as { row: number; messages: { member: string; message: string }[] }[];
    expect(errors[0]).toEqual({ row: 2, messages: [{ member: 'iccid', message: 'ICCID findes allerede' }] });
    expect(errors[1]!.row).toBe(3);
    // The same ICCID is free in another tenant.
    expect((await upload(tenantB, `iccid,phoneNumber\n${taken},${phone()}`)).body.created).toBe(1);
  });

  it('refuses a bad header, a missing body, an unclosed quote, too many lines and an oversized file', async () => {
    const unknown = await upload(tenantA, `iccid,colour\n${iccid()},red`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.validationErrors![0]!.message).toMatch(/^Unknown column 'colour'\. Known columns: iccid, phoneNumber/);
    const missing = await upload(tenantA, `phoneNumber\n${phone()}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error!.validationErrors![0]!.message).toBe("The column 'iccid' is missing.");
    expect((await upload(tenantA, '')).status).toBe(400);
    expect((await call(tenantA, 'POST', '/api/app/simCardInstance/batchUpload', { file: 'x' })).status).toBe(400);
    const quote = await upload(tenantA, `iccid,notes\n${iccid()},"never closed\n`);
    expect(quote.status).toBe(400);
    expect(quote.body.error!.message).toBe('A quoted value starting on line 2 is never closed.');
    const many = await upload(tenantA, `iccid\n${Array.from({ length: 10_001 }, (_, i) => `8945000000${String(i).padStart(10, '0')}`).join('\n')}`);
    expect(many.status).toBe(400);
    expect(many.body.error!.message).toBe('The file has more than 10000 lines. Split it into smaller files.');
    const huge = await upload(tenantA, `iccid,notes\n${iccid()},${'x'.repeat(2 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
  });

  it("refuses an upload body of the wrong shape with ABP's 400 in the caller's language, saying how to send it, creating nothing", async () => {
    const count = async () => Number((await call(tenantA, 'GET', '/api/app/simCardInstance?MaxResultCount=1')).body.totalCount);
    const before = await count();
    const path = '/api/app/simCardInstance/batchUpload';
    const noFile = translate('batchUpload.noFile', 'sv');
    const refused = async (body: unknown, contentType?: string) => {
      const res = await call(tenantA, 'POST', path, body, { lang: 'sv-SE', ...(contentType ? { contentType } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'Vigil:Validation', message: translate('errors.validation', 'sv') });
      return res.body.error!.validationErrors;
    };
    expect(await refused({ file: `iccid\n${iccid()}` })).toEqual([
      { members: ['csv'], message: noFile },
      { members: ['file'], message: translate('validation:unknownField', 'sv', { field: 'file' }) },
    ]);
    expect(await refused({ csv: 5 })).toEqual([{ members: ['csv'], message: noFile }]);
    expect(await refused({ csv: `iccid\n${iccid()}`, status: 'active' })).toEqual([{ members: ['status'], message: translate('validation:unknownField', 'sv', { field: 'status' }) }]);
    // Neither the file nor an object: one message for the whole body.
    expect(await refused('[42]', 'application/json')).toEqual([{ members: [], message: noFile }]);
    expect(await refused(undefined)).toEqual([{ members: [], message: noFile }]);
    expect(await count()).toBe(before);
  });

  it('deactivates in batch (reporting unknown and foreign ids) and one by one', async () => {
    const [c1, c2, c3] = [iccid(), iccid(), iccid()];
    await upload(tenantA, `iccid,phoneNumber,status,activationDate\n${c1},${phone()},active,2025-01-01\n${c2},${phone()},active,\n${c3},${phone()},active,2099-01-01`);
    const foreign = iccid();
    await upload(tenantB, `iccid,phoneNumber\n${foreign},${phone()}`);
    const find = async (token: string, value: string) => (await call(token, 'GET', `/api/app/simCardInstance?iccid=${value}`)).body.items as Record<string, unknown>[];
    const [r1, r2, r3] = await Promise.all([c1, c2, c3].map(async (v) => (await find(tenantA, v))[0]!));
    const other = (await find(tenantB, foreign))[0]!;
    const missing = randomUUID();

    const res = await call(tenantA, 'POST', '/api/app/simCardInstance/batchDeactivate', { ids: [r1!.id, r2!.id, r3!.id, missing, 'nonsense', other.id, r1!.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 6, deactivated: 2, alreadyDeactivated: 0 });
    const errors = res.body.errors as { id: string; messages: { member: string | null; message: string }[] }[];
    expect(errors.map((e) => e.id).sort()).toEqual([String(r3!.id), missing, 'nonsense', String(other.id)].sort());
    // Activated in the future: the deactivation date would not come after it.
    expect(errors.find((e) => e.id === r3!.id)!.messages[0]!.member).toBe('deactivationDate');
    const today = new Date().toISOString().slice(0, 10);
    expect((await find(tenantA, c1))[0]).toMatchObject({ status: 'deactivated', deactivationDate: today });
    expect((await find(tenantB, foreign))[0]).toMatchObject({ status: 'inactive', deactivationDate: null });

    const again = await call(tenantA, 'POST', '/api/app/simCardInstance/batchDeactivate', { ids: [r1!.id] });
    expect(again.body).toMatchObject({ deactivated: 0, alreadyDeactivated: 1, errors: [] });
    expect((await call(tenantA, 'POST', '/api/app/simCardInstance/batchDeactivate', { ids: [] })).status).toBe(400);

    const single = await call(tenantB, 'POST', `/api/app/simCardInstance/${other.id}/deactivate`);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ status: 'deactivated', deactivationDate: today });
    expect((await call(tenantA, 'POST', `/api/app/simCardInstance/${other.id}/deactivate`)).status).toBe(404);
    const refused = await call(tenantA, 'POST', `/api/app/simCardInstance/${r3!.id}/deactivate`);
    expect(refused.status).toBe(400);
    expect(refused.body.error!.validationErrors![0]!.members).toEqual(['deactivationDate']);
  });
});
