import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../support/server';
import { caller } from '../support/api-calls';
import { startBackOffice, tenantUserWith, type BackOffice } from '../support/back-office';
import { readSettings } from '../../server/settings/settings';

/** Setting management: /api/setting-management/emailing, /timezone and /identity, host and tenant level. */
describe.each(DATABASES)('settings ($name)', ({ url: databaseUrl }) => {
  let office: BackOffice;
  const call = caller(() => office.server);
  const emailing = '/api/setting-management/emailing';
  const identity = '/api/setting-management/identity';
  const timezone = '/api/setting-management/timezone';
  const mail = {
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    smtpUserName: 'mailer',
    smtpPassword: 'Smtp-Secret-2026',
    smtpDomain: '',
    smtpEnableSsl: true,
    smtpUseDefaultCredentials: false,
    defaultFromAddress: 'care@vigil.example',
    defaultFromDisplayName: 'Vigil Care',
  };
  const rules = { password: { requiredLength: 12, requireDigit: true, requireLowercase: true, requireUppercase: true, requireNonAlphanumeric: true, previousPasswordsToRemember: 3 }, lockout: { allowedForNewUsers: true, lockoutDuration: 600, maxFailedAccessAttempts: 4 } };
  const members = (body: { error?: { validationErrors: { members: string[] }[] | null } }) => body.error!.validationErrors!.flatMap((v) => v.members).sort();

  beforeAll(async () => {
    office = await startBackOffice(databaseUrl);
  });
  afterAll(async () => office?.server.stop());

  it('reads the mail defaults and stores new ones; the SMTP password is never returned nor logged', async () => {
    const defaults = await call(office.admin, 'GET', emailing);
    expect(defaults.body).toEqual({ smtpHost: '127.0.0.1', smtpPort: 25, smtpUserName: '', smtpDomain: '', smtpEnableSsl: false, smtpUseDefaultCredentials: true, defaultFromAddress: 'noreply@vigil.local', defaultFromDisplayName: 'Vigil', hasSmtpPassword: false });
    const saved = await call(office.admin, 'POST', emailing, mail);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { smtpPassword: _password, ...visible } = mail;
    expect(saved.body).toEqual({ ...visible, hasSmtpPassword: true });
    expect(JSON.stringify((await call(office.admin, 'GET', emailing)).body)).not.toContain(mail.smtpPassword);
    expect((await readSettings(office.server.database.db, null))['Abp.Mailing.Smtp.Password']).toBe(mail.smtpPassword);
    const audit = await office.server.database.db.selectFrom('audit_logs').select('entity_changes').where('url', '=', emailing).execute();
    expect(JSON.stringify(audit)).not.toContain(mail.smtpPassword);
    expect(JSON.stringify(audit)).toContain('smtp.example.com');
    const appConfig = await call(office.admin, 'GET', '/api/abp/application-configuration');
    expect(JSON.stringify(appConfig.body.setting)).not.toContain('Mailing');

    // Left out or null keeps the password; an empty string clears it.
    await call(office.admin, 'POST', emailing, { ...visible, smtpHost: 'mail.example.com' });
    expect((await readSettings(office.server.database.db, null))['Abp.Mailing.Smtp.Password']).toBe(mail.smtpPassword);
    expect((await call(office.admin, 'POST', emailing, { ...visible, smtpPassword: '' })).body.hasSmtpPassword).toBe(false);
  });

  it('refuses bad mail settings with 400 naming the members', async () => {
    const res = await call(office.admin, 'POST', emailing, { ...mail, smtpPort: 70000, defaultFromAddress: 'not an address', smtpHost: 'smtp example', smtpEnableSsl: 'yes' });
    expect(res.status).toBe(400);
    expect(members(res.body)).toEqual(['defaultFromAddress', 'smtpEnableSsl', 'smtpHost', 'smtpPort']);
    expect(members((await call(office.admin, 'POST', emailing, {})).body)).toEqual(['defaultFromAddress', 'defaultFromDisplayName']);
  });

  it('keeps a tenant\'s own values beside the host\'s (host users pick the tenant with __tenant)', async () => {
    await call(office.admin, 'POST', emailing, mail);
    const tenantPath = `${emailing}?__tenant=${office.demoTenantId}`;
    expect((await call(office.admin, 'GET', tenantPath)).body).toMatchObject({ smtpHost: mail.smtpHost, hasSmtpPassword: true });
    await call(office.admin, 'POST', tenantPath, { ...mail, smtpPassword: undefined, defaultFromDisplayName: 'Sunrise Care' });
    expect((await call(office.admin, 'GET', tenantPath)).body.defaultFromDisplayName).toBe('Sunrise Care');
    expect((await call(office.admin, 'GET', emailing)).body.defaultFromDisplayName).toBe('Vigil Care');
    // The tenant follows the host where it has no value of its own.
    await call(office.admin, 'POST', emailing, { ...mail, smtpHost: 'relay.example.com' });
    expect((await call(office.admin, 'GET', tenantPath)).body).toMatchObject({ smtpHost: 'relay.example.com', defaultFromDisplayName: 'Sunrise Care' });
    const rows = await office.server.database.db.selectFrom('settings').select('name').where('provider_key', '=', office.demoTenantId).execute();
    expect(rows.map((r) => r.name)).toEqual(['Abp.Mailing.DefaultFromDisplayName']);
  });

  it('reads and changes the time zone; application-configuration follows', async () => {
    const res = await fetch(`${office.server.url}${timezone}`, { headers: { authorization: `Bearer ${office.admin}` } });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Europe/Copenhagen');
    expect((await call(office.admin, 'PUT', `${timezone}?timezone=Europe/Berlin`)).status).toBe(204);
    expect((await call(office.admin, 'GET', timezone)).body.text).toBe('Europe/Berlin');
    const timing = (await call(office.caregiver, 'GET', '/api/abp/application-configuration')).body.timing as { timeZone: { iana: { timeZoneName: string }; windows: { timeZoneId: string } } };
    expect(timing.timeZone).toEqual({ iana: { timeZoneName: 'Europe/Berlin' }, windows: { timeZoneId: 'W. Europe Standard Time' } });
    expect((await call(office.admin, 'PUT', timezone, { timezone: 'UTC' })).status).toBe(204);
    const zones = (await call(office.admin, 'GET', `${timezone}/timezones`)).body as unknown as { name: string; value: string }[];
    expect(zones).toContainEqual({ name: 'UTC (UTC+00:00)', value: 'UTC' });
    expect(zones.find((z) => z.value === 'Europe/Copenhagen')!.name).toMatch(/^Europe\/Copenhagen \(UTC\+0[12]:00\)$/);
    for (const bad of ['Mars/Olympus', '<script>']) {
      const refused = await call(office.admin, 'PUT', `${timezone}?timezone=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(400);
      expect(members(refused.body)).toEqual(['timezone']);
    }
  });

  it('reads and changes the password and lockout rules within the SPEC\'s limits', async () => {
    const defaults = await call(office.admin, 'GET', identity);
    expect(defaults.body).toEqual({
      password: { requiredLength: 10, requireDigit: true, requireLowercase: true, requireUppercase: true, requireNonAlphanumeric: true, previousPasswordsToRemember: 5 },
      lockout: { allowedForNewUsers: true, lockoutDuration: 300, maxFailedAccessAttempts: 5 },
    });
    const saved = await call(office.admin, 'PUT', identity, rules);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual(rules);
    const values = (await call(office.caregiver, 'GET', '/api/abp/application-configuration')).body.setting as { values: Record<string, string> };
    expect(values.values).toMatchObject({ 'Abp.Identity.Password.RequiredLength': '12', 'Abp.Identity.Lockout.MaxFailedAccessAttempts': '4' });

    const bad = await call(office.admin, 'PUT', identity, {
      password: { ...rules.password, requiredLength: 9, requireDigit: false },
      lockout: { ...rules.lockout, lockoutDuration: -1, maxFailedAccessAttempts: 51 },
    });
    expect(bad.status).toBe(400);
    expect(members(bad.body)).toEqual(['lockout.lockoutDuration', 'lockout.maxFailedAccessAttempts', 'password.requiredLength']);
    const fixed = await call(office.admin, 'PUT', identity, { ...rules, password: { ...rules.password, requireDigit: false } }, { lang: 'sv' });
    expect(fixed.body.error!.validationErrors).toEqual([{ message: 'Lösenord måste alltid innehålla detta (produktens lösenordsregel).', members: ['password.requireDigit'] }]);
    for (const body of [{ ...rules, lockout: { ...rules.lockout, maxFailedAccessAttempts: 0 } }, { ...rules, password: { ...rules.password, requiredLength: 101 } }, { password: rules.password }]) {
      expect((await call(office.admin, 'PUT', identity, body)).status).toBe(400);
    }
    expect((await call(office.admin, 'GET', identity)).body).toEqual(rules);
  });

  it('refuses tenant users, even one given the settings policies', async () => {
    const rogue = await tenantUserWith(office, 'settings-rogue', ['SettingManagement.Emailing', 'SettingManagement.TimeZone', 'SettingManagement.Identity']);
    for (const token of [office.staff, rogue, office.caregiver]) {
      expect((await call(token, 'GET', emailing)).status).toBe(403);
      expect((await call(token, 'POST', emailing, mail)).status).toBe(403);
      expect((await call(token, 'PUT', `${timezone}?timezone=UTC`)).status).toBe(403);
      expect((await call(token, 'PUT', identity, rules)).status).toBe(403);
    }
  });
});
