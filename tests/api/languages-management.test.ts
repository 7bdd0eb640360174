import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../support/server';
import { caller, type Json } from '../support/api-calls';
import { signInPage, startBackOffice, tenantUserWith, type BackOffice } from '../support/back-office';
import { DEFAULT_INTERVAL_MS } from '../../server/localization/override-sync';

interface LanguageDto {
  id: string;
  cultureName: string;
  displayName: string;
  flagIcon: string | null;
  isEnabled: boolean;
  isDefaultLanguage: boolean;
  concurrencyStamp: string;
}
interface TextDto {
  resourceName: string;
  cultureName: string;
  name: string;
  baseValue: string | null;
  value: string | null;
  isCustomized: boolean;
}

/** Language management: /api/language-management/languages and /language-texts, and where changed texts show. */
describe.each(DATABASES)('language management ($name)', ({ url: databaseUrl }) => {
  let office: BackOffice;
  const call = caller(() => office.server);
  const languages = '/api/language-management/languages';
  const texts = '/api/language-management/language-texts';
  const all = async () => (await call(office.admin, 'GET', `${languages}/all`)).body.items as LanguageDto[];
  const byCulture = async (culture: string) => (await all()).find((l) => l.cultureName === culture)!;
  const appConfig = async (lang = 'en') => (await call(office.caregiver, 'GET', '/api/abp/application-configuration', undefined, { lang })).body as Record<string, Json>;
  const locale = async (path: string) => (await fetch(`${office.server.url}/locales/${path}`)).json() as Promise<Record<string, Record<string, string>>>;

  beforeAll(async () => {
    office = await startBackOffice(databaseUrl);
  });
  afterAll(async () => office?.server.stop());

  it('offers the five seeded languages, the culture list and the resources', async () => {
    const items = await all();
    expect(items.map((l) => [l.cultureName, l.displayName, l.flagIcon, l.isEnabled, l.isDefaultLanguage])).toEqual([
      ['en', 'English', 'gb', true, true],
      ['da-DK', 'Dansk', 'dk', true, false],
      ['de-DE', 'Deutsch', 'de', true, false],
      ['sv', 'Svenska', 'se', true, false],
      ['no', 'Norsk', 'no', true, false],
    ]);
    const page = await call(office.admin, 'GET', `${languages}?Filter=deu&Sorting=displayName desc`);
    expect(page.body).toMatchObject({ totalCount: 1, items: [{ cultureName: 'de-DE' }] });
    expect((await call(office.admin, 'GET', `${languages}/culture-list`)).body).toEqual(expect.arrayContaining([{ name: 'da-DK', displayName: 'Dansk' }]));
    const resources = (await call(office.admin, 'GET', `${languages}/resources`)).body as unknown as { name: string }[];
    expect(resources.map((r) => r.name)).toEqual(expect.arrayContaining(['account', 'admin', 'schemas', 'server', 'translation', 'validation']));
  });

  it('switches a language off and on; application-configuration offers the enabled ones', async () => {
    const sv = await byCulture('sv');
    const off = await call(office.admin, 'PUT', `${languages}/${sv.id}`, { ...sv, isEnabled: false, displayName: 'Svenska (SE)' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ isEnabled: false, displayName: 'Svenska (SE)', flagIcon: 'se' });
    const offered = ((await appConfig()).localization!.languages as unknown as { cultureName: string }[]).map((l) => l.cultureName);
    expect(offered).toEqual(['en', 'da-DK', 'de-DE', 'no']);
    expect((await call(office.admin, 'PUT', `${languages}/${sv.id}`, { displayName: 'Svenska', concurrencyStamp: sv.concurrencyStamp })).status).toBe(409);
    const on = await call(office.admin, 'PUT', `${languages}/${sv.id}`, { displayName: 'Svenska', isEnabled: true, concurrencyStamp: off.body.concurrencyStamp });
    expect(on.status).toBe(200);
    expect(((await appConfig()).localization!.languages as unknown as unknown[]).length).toBe(5);
  });

  it('changes the default language, and refuses to switch off, delete or choose a disabled one (403)', async () => {
    const da = await byCulture('da-DK');
    expect((await call(office.admin, 'PUT', `${languages}/${da.id}/set-as-default`)).status).toBe(204);
    expect((await byCulture('da-DK')).isDefaultLanguage).toBe(true);
    expect(((await appConfig()).setting!.values as unknown as Record<string, string>)['Abp.Localization.DefaultLanguage']).toBe('da-DK');
    const offDefault = await call(office.admin, 'PUT', `${languages}/${da.id}`, { displayName: 'Dansk', isEnabled: false });
    expect(offDefault.status).toBe(403);
    expect((await call(office.admin, 'DELETE', `${languages}/${da.id}`)).status).toBe(403);

    const no = await byCulture('no');
    await call(office.admin, 'PUT', `${languages}/${no.id}`, { displayName: 'Norsk', isEnabled: false });
    const disabled = await call(office.admin, 'PUT', `${languages}/${no.id}/set-as-default`, undefined, { lang: 'nb' });
    expect(disabled.status).toBe(403);
    expect(disabled.body.error!.message).toBe('Et språk som er slått av, kan ikke være standardspråk.');
    await call(office.admin, 'PUT', `${languages}/${no.id}`, { displayName: 'Norsk', isEnabled: true });
    expect((await call(office.admin, 'PUT', `${languages}/${(await byCulture('en')).id}/set-as-default`)).status).toBe(204);
  });

  it('deletes and adds languages; only cultures the product has translations for, once each', async () => {
    const de = await byCulture('de-DE');
    expect((await call(office.admin, 'DELETE', `${languages}/${de.id}`)).status).toBe(204);
    expect((await all()).map((l) => l.cultureName)).not.toContain('de-DE');
    const added = await call(office.admin, 'POST', languages, { cultureName: 'de', displayName: 'Deutsch', flagIcon: 'de' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ cultureName: 'de-DE', uiCultureName: 'de-DE', isEnabled: true, isDefaultLanguage: false });
    const again = await call(office.admin, 'POST', languages, { cultureName: 'de-DE', displayName: 'Deutsch' });
    expect(again.status).toBe(400);
    expect(again.body.error!.validationErrors![0]!.members).toEqual(['cultureName']);
    const unknown = await call(office.admin, 'POST', languages, { cultureName: 'fi', displayName: 'Suomi', flagIcon: 'FI!' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.validationErrors!.flatMap((v) => v.members)).toEqual(['flagIcon']);
    expect((await call(office.admin, 'POST', languages, { cultureName: 'fi', displayName: 'Suomi' })).body.error!.validationErrors![0]!.members).toEqual(['cultureName']);
    expect((await call(office.admin, 'POST', languages, { cultureName: '<script>', displayName: '' })).status).toBe(400);
    expect((await call(office.admin, 'GET', `${languages}/${randomUUID()}`)).status).toBe(404);
  });

  it('lists texts of a language beside English, with filter, empty values and paging', async () => {
    const res = await call(office.admin, 'GET', `${texts}?resourceName=account&targetCultureName=da-DK&filter=signIn.title`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { resourceName: 'account', cultureName: 'da-DK', baseCultureName: 'en', name: 'signIn.title', baseValue: 'Sign in', value: 'Log ind', isCustomized: false },
    ]);
    const all = await call(office.admin, 'GET', `${texts}?targetCultureName=de&MaxResultCount=1000`);
    expect(all.body.totalCount as number).toBeGreaterThan(300);
    // Every namespace is there, the generated one (schemas) as the files (server, ...).
    for (const resourceName of ['schemas', 'server', 'billing', 'tracking']) {
      const one = await call(office.admin, 'GET', `${texts}?targetCultureName=de&resourceName=${resourceName}&MaxResultCount=1`);
      expect(one.body.totalCount as number, resourceName).toBeGreaterThan(0);
    }
    // The schema labels a language lacks fall back to English: those are the empty values.
    const empty = await call(office.admin, 'GET', `${texts}?resourceName=schemas&targetCultureName=da-DK&getOnlyEmptyValues=true&MaxResultCount=1000`);
    expect((empty.body.items as TextDto[]).every((t) => t.value === null && t.baseValue)).toBe(true);
    const paged = await call(office.admin, 'GET', `${texts}?resourceName=validation&baseCultureName=sv&targetCultureName=nb&SkipCount=2&MaxResultCount=2&Sorting=name desc`);
    expect(paged.body).toMatchObject({ totalCount: expect.any(Number), items: [expect.objectContaining({ cultureName: 'no', baseCultureName: 'sv' }), expect.anything()] });
    for (const query of ['targetCultureName=xx', 'baseCultureName=<script>', 'resourceName=secrets', 'MaxResultCount=0']) {
      expect((await call(office.admin, 'GET', `${texts}?${query}`)).status, query).toBe(400);
    }
  });

  it('shows a changed Danish sign-in text on the issuer\'s sign-in page and in /locales at once; restore brings the shipped one back', async () => {
    const put = await call(office.admin, 'PUT', `${texts}/account/da-DK/signIn.intro`, { value: 'Log ind & følg med i dine kære' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ value: 'Log ind & følg med i dine kære', baseValue: 'Sign in to follow the people you care for.', isCustomized: true });

    const page = await signInPage(office.server.url, 'da-DK,da;q=0.9');
    expect(page).toContain('Log ind &amp; følg med i dine kære');
    expect(await signInPage(office.server.url, 'en')).toContain('Sign in to follow the people you care for.');
    expect((await locale('da/account.json')).signIn!.intro).toBe('Log ind & følg med i dine kære');
    expect((await locale('dk/account.json')).signIn!.title).toBe('Log ind');

    // The web app's default namespace and application-configuration's values.
    expect((await call(office.admin, 'PUT', `${texts}/translation/da/menu.tenants?value=Organisationer`)).status).toBe(200);
    expect((await locale('da/translation.json')).menu!.tenants).toBe('Organisationer');
    const values = (await appConfig('da-DK')).localization!.values as unknown as { Vigil: Record<string, string> };
    expect(values.Vigil['menu.tenants']).toBe('Organisationer');
    // Generated schema labels too.
    const schemaText = ((await call(office.admin, 'GET', `${texts}?resourceName=schemas&targetCultureName=da-DK&MaxResultCount=1`)).body.items as TextDto[])[0]!;
    await call(office.admin, 'PUT', `${texts}/schemas/da-DK/${schemaText.name}`, { value: 'Særlig etiket' });
    const schemas = (await locale('da/schemas.json')) as unknown as Record<string, unknown>;
    expect(JSON.stringify(schemas)).toContain('Særlig etiket');

    const restored = await call(office.admin, 'PUT', `${texts}/account/da-DK/signIn.intro/restore`);
    expect(restored.body).toMatchObject({ value: 'Log ind for at følge dem, du passer på.', isCustomized: false });
    expect(await signInPage(office.server.url, 'da')).toContain('Log ind for at følge dem, du passer på.');
    expect((await locale('da/account.json')).signIn!.intro).toBe('Log ind for at følge dem, du passer på.');
    await call(office.admin, 'PUT', `${texts}/translation/da-DK/menu.tenants/restore`);

    const audit = await office.server.database.db.selectFrom('audit_logs').select('entity_changes').where('url', 'like', '/api/language-management/language-texts/account/da-DK/signIn.intro%').execute();
    expect(audit.flatMap((a) => a.entity_changes).map((c) => c.entityId)).toEqual(['account:da-DK:signIn.intro', 'account:da-DK:signIn.intro']);
  });

  it('picks up a change another API node made within the check interval', async () => {
    // Another node writes the override and bumps the version; this node has not been told.
    const db = office.server.database.db;
    await db.insertInto('language_texts').values({ id: randomUUID(), tenant_id: null, resource_name: 'account', culture_name: 'da-DK', name: 'signIn.submit', value: 'Log ind nu' }).execute();
    await db.updateTable('cache_versions').set({ version: sql`version + 1` }).where('name', '=', 'localization').execute();
    const deadline = Date.now() + DEFAULT_INTERVAL_MS + 3000;
    let seen = '';
    while (Date.now() < deadline && seen !== 'Log ind nu') {
      seen = (await locale('da/account.json')).signIn!.submit!;
      if (seen !== 'Log ind nu') await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen).toBe('Log ind nu');
    expect(await signInPage(office.server.url, 'da')).toContain('Log ind nu');
    await call(office.admin, 'PUT', `${texts}/account/da-DK/signIn.submit/restore`);
  });

  it('refuses script-like, empty, too long and unknown texts', async () => {
    for (const value of ['<script>alert(1)</script>', 'Klik <SCRIPT src=x>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)']) {
      const res = await call(office.admin, 'PUT', `${texts}/account/da-DK/signIn.title`, { value });
      expect(res.status, value).toBe(400);
      expect(res.body.error!.validationErrors![0]!.members).toEqual(['value']);
    }
    expect((await call(office.admin, 'PUT', `${texts}/account/da-DK/signIn.title`, { value: '  ' })).status).toBe(400);
    expect((await call(office.admin, 'PUT', `${texts}/account/da-DK/signIn.title`, { value: 'x'.repeat(4001) })).status).toBe(400);
    expect((await call(office.admin, 'PUT', `${texts}/account/da-DK/signIn.nothing`, { value: 'x' })).status).toBe(404);
    expect((await call(office.admin, 'PUT', `${texts}/secrets/da-DK/signIn.title`, { value: 'x' })).status).toBe(404);
    expect((await call(office.admin, 'PUT', `${texts}/account/xx/signIn.title`, { value: 'x' })).status).toBe(400);
    expect((await locale('da/account.json')).signIn!.title).toBe('Log ind');
  });

  it('refuses tenant users, even one given the language policies', async () => {
    const rogue = await tenantUserWith(office, 'languages-rogue', ['LanguageManagement.Languages', 'LanguageManagement.Languages.Edit', 'LanguageManagement.LanguageTexts', 'LanguageManagement.LanguageTexts.Edit']);
    for (const token of [office.staff, rogue]) {
      expect((await call(token, 'GET', languages)).status).toBe(403);
      expect((await call(token, 'GET', texts)).status).toBe(403);
      expect((await call(token, 'PUT', `${texts}/account/da-DK/signIn.title`, { value: 'Hacked' })).status).toBe(403);
    }
    expect((await locale('da/account.json')).signIn!.title).toBe('Log ind');
  });
});
