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
  'Abp.Mailing.DefaultFromAddress': 'noreply@vigil.local',
  'Abp.Mailing.DefaultFromDisplayName': 'Vigil',
  'Abp.Localization.DefaultLanguage': 'en',
} as const;

export type SettingName = keyof typeof SETTING_DEFAULTS;

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
