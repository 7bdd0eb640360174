import { querySchema } from '../http/route-schemas';

/** Response schemas of /api/setting-management (ABP's setting management DTOs). */

/** ABP's EmailSettingsDto; the SMTP password is write-only, told only as `hasSmtpPassword`. */
export const EMAIL_SETTINGS = {
  type: 'object',
  properties: {
    smtpHost: { type: 'string' },
    smtpPort: { type: 'integer' },
    smtpUserName: { type: 'string' },
    smtpDomain: { type: 'string' },
    smtpEnableSsl: { type: 'boolean' },
    smtpUseDefaultCredentials: { type: 'boolean' },
    defaultFromAddress: { type: 'string' },
    defaultFromDisplayName: { type: 'string' },
    hasSmtpPassword: { type: 'boolean' },
  },
  required: ['smtpHost', 'smtpPort', 'smtpUserName', 'smtpDomain', 'smtpEnableSsl', 'smtpUseDefaultCredentials', 'defaultFromAddress', 'defaultFromDisplayName', 'hasSmtpPassword'],
} as const;

const INTEGER = { type: 'integer' } as const;
const FLAG = { type: 'boolean' } as const;

/** The password and lockout rules as identity-settings-routes.ts answers them. */
export const IDENTITY_SETTINGS = {
  type: 'object',
  properties: {
    password: {
      type: 'object',
      properties: {
        requiredLength: INTEGER,
        requireDigit: FLAG,
        requireLowercase: FLAG,
        requireUppercase: FLAG,
        requireNonAlphanumeric: FLAG,
        previousPasswordsToRemember: INTEGER,
      },
      required: ['requiredLength', 'requireDigit', 'requireLowercase', 'requireUppercase', 'requireNonAlphanumeric', 'previousPasswordsToRemember'],
    },
    lockout: {
      type: 'object',
      properties: { allowedForNewUsers: FLAG, lockoutDuration: { ...INTEGER, description: 'Seconds' }, maxFailedAccessAttempts: INTEGER },
      required: ['allowedForNewUsers', 'lockoutDuration', 'maxFailedAccessAttempts'],
    },
  },
  required: ['password', 'lockout'],
} as const;

/** The IANA time zones this Node knows, and UTC. */
export const ZONES: ReadonlySet<string> = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

/**
 * The time zone to set, as `?timezone=` (ABP) or in the body. Which zones exist is the runtime's
 * (its ICU data), so the handler checks the name against ZONES: an enum here would put this
 * Node's list into the API description and the web app's generated types.
 */
const TIME_ZONE = { type: 'string', minLength: 1, maxLength: 64, description: 'An IANA time zone or UTC (GET .../timezones lists them)', 'x-messages': { minLength: 'settings.unknownTimeZone', maxLength: 'settings.unknownTimeZone' } } as const;
export const TIME_ZONE_QUERY = querySchema({ timezone: TIME_ZONE });
export const TIME_ZONE_BODY = { type: ['object', 'null'], properties: { timezone: TIME_ZONE }, additionalProperties: false } as const;

/** The time zone as GET answers it: the text itself (ABP's string result), not a JSON string. */
export const TIME_ZONE_TEXT = { description: 'The IANA time zone', content: { 'text/plain': { schema: { type: 'string' } } } } as const;

/** The time zones to choose from, ABP's NameValue list. */
export const TIME_ZONES = {
  type: 'array',
  items: { type: 'object', properties: { name: { type: 'string', description: "'Europe/Copenhagen (UTC+01:00)'" }, value: { type: 'string' } }, required: ['name', 'value'] },
} as const;
