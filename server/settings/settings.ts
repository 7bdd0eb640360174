import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * Settings (ABP setting management): a value per name, for the host (no provider) or a tenant
 * ('T', tenant id), over the defaults below. The identity module reads the password and lockout
 * rules from here, so an administrator's change applies at the next sign-in on every node.
 */
export const SETTING_DEFAULTS = {
  'Abp.Identity.Password.RequiredLength': '10',
  'Abp.Identity.Password.RequireDigit': 'true',
  'Abp.Identity.Password.RequireLowercase': 'true',
  'Abp.Identity.Password.RequireUppercase': 'true',
  'Abp.Identity.Password.RequireNonAlphanumeric': 'true',
  'Abp.Identity.Password.PreviousPasswordsToRemember': '5',
  'Abp.Identity.Lockout.AllowedForNewUsers': 'true',
  'Abp.Identity.Lockout.LockoutDuration': '300',
  'Abp.Identity.Lockout.MaxFailedAccessAttempts': '5',
  /** Users of the tenant must sign in with a second factor (passkey, authenticator app, or else a mailed code): server/identity/second-factor-requirement.ts. */
  'Vigil.Identity.RequireSecondFactor': 'false',
  'Abp.Mailing.DefaultFromAddress': 'noreply@vigil.local',
  'Abp.Mailing.DefaultFromDisplayName': 'Vigil',
  'Abp.Mailing.Smtp.Host': '127.0.0.1',
  'Abp.Mailing.Smtp.Port': '25',
  'Abp.Mailing.Smtp.UserName': '',
  'Abp.Mailing.Smtp.Password': '',
  'Abp.Mailing.Smtp.Domain': '',
  'Abp.Mailing.Smtp.EnableSsl': 'false',
  'Abp.Mailing.Smtp.UseDefaultCredentials': 'true',
  'Abp.Localization.DefaultLanguage': 'en',
  'Abp.Timing.TimeZone': 'Europe/Copenhagen',
} as const;

export type SettingName = keyof typeof SETTING_DEFAULTS;

/**
 * The settings application-configuration sends to every client (ABP's isVisibleToClients): the
 * language, time zone and the password and lockout rules forms check against. Mail settings stay
 * on the server.
 */
export const CLIENT_SETTINGS: readonly SettingName[] = (Object.keys(SETTING_DEFAULTS) as SettingName[]).filter(
  (name) => !name.startsWith('Abp.Mailing.'),
);

/** Effective settings for a tenant (its own values over the host's over the defaults). */
export async function readSettings(db: Db, tenantId: string | null): Promise<Record<SettingName, string>> {
  const rows = await db
    .selectFrom('settings')
    .select(['name', 'value', 'provider_name'])
    .where((eb) =>
      eb.or([
        eb('provider_name', 'is', null),
        ...(tenantId ? [eb.and([eb('provider_name', '=', 'T'), eb('provider_key', '=', tenantId)])] : []),
      ]),
    )
    .execute();
  const values: Record<string, string> = { ...SETTING_DEFAULTS };
  for (const row of rows.filter((r) => r.provider_name === null)) values[row.name] = row.value;
  for (const row of rows.filter((r) => r.provider_name === 'T')) values[row.name] = row.value;
  return values as Record<SettingName, string>;
}

/**
 * Sets values at one level: the host (tenantId null) or a tenant ('T'). A value equal to what the
 * level would inherit (the host's value for a tenant, the default for the host) removes the row,
 * so the level follows later changes above it, as ABP's SettingManager does.
 */
export async function writeSettings(db: Db, tenantId: string | null, values: Partial<Record<SettingName, string>>): Promise<void> {
  const inherited: Record<string, string> = tenantId ? await readSettings(db, null) : { ...SETTING_DEFAULTS };
  const provider = tenantId ? { provider_name: 'T', provider_key: tenantId } : { provider_name: null, provider_key: null };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value === inherited[name]) {
      await db
        .deleteFrom('settings')
        .where('name', '=', name)
        .where((eb) => (tenantId ? eb.and([eb('provider_name', '=', 'T'), eb('provider_key', '=', tenantId)]) : eb('provider_name', 'is', null)))
        .execute();
    } else {
      await db
        .insertInto('settings')
        .values({ id: randomUUID(), name, value, ...provider })
        .onConflict((oc) => oc.columns(['provider_name', 'provider_key', 'name']).doUpdateSet({ value }))
        .execute();
    }
  }
}
