import { PASSWORD_MAX, PASSWORD_MIN } from '../../common/password-policy';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import type { ValidationError } from '../http/errors';
import { translate } from '../localization/texts';
import { invalid } from '../http/body-validation';
import type { Api } from '../http/route-schemas';
import { refuseTenantUsers } from '../permissions/host-only';
import { saveSettings } from './save-settings';
import { readSettings, type SettingName } from './settings';
import { IDENTITY_SETTINGS } from './route-schemas';

const ENDPOINT = '/api/setting-management/identity';
/** A lockout longer than a year is a typo. */
export const MAX_LOCKOUT_SECONDS = 365 * 24 * 3600;
export const MAX_PASSWORDS_REMEMBERED = 24;

const PASSWORD = {
  requiredLength: 'Abp.Identity.Password.RequiredLength',
  requireDigit: 'Abp.Identity.Password.RequireDigit',
  requireLowercase: 'Abp.Identity.Password.RequireLowercase',
  requireUppercase: 'Abp.Identity.Password.RequireUppercase',
  requireNonAlphanumeric: 'Abp.Identity.Password.RequireNonAlphanumeric',
  previousPasswordsToRemember: 'Abp.Identity.Password.PreviousPasswordsToRemember',
} as const satisfies Record<string, SettingName>;

const LOCKOUT = {
  allowedForNewUsers: 'Abp.Identity.Lockout.AllowedForNewUsers',
  lockoutDuration: 'Abp.Identity.Lockout.LockoutDuration',
  maxFailedAccessAttempts: 'Abp.Identity.Lockout.MaxFailedAccessAttempts',
} as const satisfies Record<string, SettingName>;

/** SPEC section 5 always asks for a lowercase and an uppercase letter, a number and a special character. */
const FIXED_BY_SPEC = ['requireDigit', 'requireLowercase', 'requireUppercase', 'requireNonAlphanumeric'] as const;

type Group<T extends Record<string, string>> = { [K in keyof T]: number | boolean };
interface IdentitySettings {
  password: Group<typeof PASSWORD>;
  lockout: Group<typeof LOCKOUT>;
}

const flag = { type: 'boolean' } as const;
const BODY = {
  type: 'object',
  properties: {
    password: {
      type: 'object',
      properties: {
        requiredLength: { type: 'integer', minimum: PASSWORD_MIN, maximum: PASSWORD_MAX },
        requireDigit: flag,
        requireLowercase: flag,
        requireUppercase: flag,
        requireNonAlphanumeric: flag,
        previousPasswordsToRemember: { type: 'integer', minimum: 0, maximum: MAX_PASSWORDS_REMEMBERED },
      },
      required: ['requiredLength', 'requireDigit', 'requireLowercase', 'requireUppercase', 'requireNonAlphanumeric', 'previousPasswordsToRemember'],
      additionalProperties: false,
    },
    lockout: {
      type: 'object',
      properties: {
        allowedForNewUsers: flag,
        lockoutDuration: { type: 'integer', minimum: 0, maximum: MAX_LOCKOUT_SECONDS },
        maxFailedAccessAttempts: { type: 'integer', minimum: 1, maximum: 50 },
      },
      required: ['allowedForNewUsers', 'lockoutDuration', 'maxFailedAccessAttempts'],
      additionalProperties: false,
    },
  },
  required: ['password', 'lockout'],
  additionalProperties: false,
} as const;

function group<T extends Record<string, SettingName>>(names: T, settings: Record<SettingName, string>): Group<T> {
  const out: Record<string, number | boolean> = {};
  for (const [field, name] of Object.entries(names)) {
    const value = settings[name];
    out[field] = value === 'true' || value === 'false' ? value === 'true' : Number(value);
  }
  return out as Group<T>;
}

/**
 * The password and lockout rules (ABP's identity settings, stored as Abp.Identity.* settings that
 * sign-in and password changes read): GET and PUT `/api/setting-management/identity` as
 * `{ password: {...}, lockout: {...} }`. The minimum length is 10 to 100 (SPEC section 5) and the
 * four character classes stay required; lockout duration is seconds (0 to a year), attempts 1 to 50.
 */
export async function identitySettingsRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const schema = { tags: ['settings'] };
  const policy = POLICIES.identitySettings;

  const current = async (tenantId: string | null): Promise<IdentitySettings> => {
    const settings = await readSettings(db, tenantId);
    return { password: group(PASSWORD, settings), lockout: group(LOCKOUT, settings) };
  };

  app.get(ENDPOINT, { config: { policy }, schema: { ...schema, summary: 'Password and lockout rules', response: { 200: IDENTITY_SETTINGS } } }, async (request) => current(request.tenantId));

  app.put(ENDPOINT, { config: { policy }, schema: { ...schema, summary: 'Change the password and lockout rules', body: BODY, response: { 200: IDENTITY_SETTINGS } } }, async (request) => {
    const lang = request.language;
    const input = request.body;
    const problems: ValidationError[] = FIXED_BY_SPEC.filter((field) => input.password[field] === false).map((field) => ({
      message: translate('settings.passwordRuleFixed', lang),
      members: [`password.${field}`],
    }));
    if (problems.length) throw invalid(lang, problems);
    const values: Partial<Record<SettingName, string>> = {};
    for (const [field, name] of Object.entries(PASSWORD)) values[name] = String(input.password[field as keyof typeof PASSWORD]);
    for (const [field, name] of Object.entries(LOCKOUT)) values[name] = String(input.lockout[field as keyof typeof LOCKOUT]);
    await saveSettings(db, request, values);
    return current(request.tenantId);
  });
}
