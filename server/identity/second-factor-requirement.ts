import type { Db } from '../db/database';
import { readSettings, type SettingName } from '../settings/settings';

/** The tenant's switch (host level for host users): everyone must sign in with a second factor. */
export const REQUIRE_SECOND_FACTOR: SettingName = 'Vigil.Identity.RequireSecondFactor';

/**
 * Whether a user must sign in with a second factor: the tenant's setting (over the host's) is on,
 * or one of the user's roles, direct or through an organisation unit, requires it
 * (roles.require_second_factor). Who has neither passkey nor app is then asked for a mailed code
 * after the password, so the requirement is never skipped (a passkey counts as both factors).
 */
export async function secondFactorRequired(db: Db, userId: string, tenantId: string | null): Promise<boolean> {
  const settings = await readSettings(db, tenantId);
  if (settings[REQUIRE_SECOND_FACTOR] === 'true') return true;
  const direct = db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId);
  const throughUnits = db
    .selectFrom('user_organization_units as uou')
    .innerJoin('organization_unit_roles as our', 'our.organization_unit_id', 'uou.organization_unit_id')
    .select('our.role_id')
    .where('uou.user_id', '=', userId);
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('require_second_factor', '=', true)
    .where((eb) => eb.or([eb('id', 'in', direct), eb('id', 'in', throughUnits)]))
    .executeTakeFirst();
  return row !== undefined;
}
