import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { type Api, type Checked } from '../http/route-schemas';
import { refuseTenantUsers } from '../permissions/host-only';
import { saveSettings } from './save-settings';
import { readSettings, type SettingName } from './settings';
import { EMAIL_SETTINGS } from './route-schemas';

const ENDPOINT = '/api/setting-management/emailing';

type EmailSettings = Checked<typeof BODY>;

/** Each field of ABP's EmailSettingsDto and the setting it is stored in. */
const FIELDS: Record<Exclude<keyof EmailSettings, 'smtpPassword' | 'hasSmtpPassword'>, SettingName> = {
  smtpHost: 'Abp.Mailing.Smtp.Host',
  smtpPort: 'Abp.Mailing.Smtp.Port',
  smtpUserName: 'Abp.Mailing.Smtp.UserName',
  smtpDomain: 'Abp.Mailing.Smtp.Domain',
  smtpEnableSsl: 'Abp.Mailing.Smtp.EnableSsl',
  smtpUseDefaultCredentials: 'Abp.Mailing.Smtp.UseDefaultCredentials',
  defaultFromAddress: 'Abp.Mailing.DefaultFromAddress',
  defaultFromDisplayName: 'Abp.Mailing.DefaultFromDisplayName',
};
const PASSWORD: SettingName = 'Abp.Mailing.Smtp.Password';

const BODY = {
  type: 'object',
  properties: {
    smtpHost: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' },
    smtpPort: { type: 'integer', minimum: 1, maximum: 65535 },
    smtpUserName: { type: 'string', maxLength: 1024 },
    smtpPassword: { type: ['string', 'null'], maxLength: 1024 },
    smtpDomain: { type: 'string', maxLength: 1024 },
    smtpEnableSsl: { type: 'boolean' },
    smtpUseDefaultCredentials: { type: 'boolean' },
    defaultFromAddress: { type: 'string', format: 'email', maxLength: 1024 },
    defaultFromDisplayName: { type: 'string', minLength: 1, maxLength: 1024 },
    hasSmtpPassword: { type: 'boolean' },
  },
  required: ['defaultFromAddress', 'defaultFromDisplayName'],
  additionalProperties: false,
} as const;

/**
 * ABP's emailing settings: GET and POST `/api/setting-management/emailing`, for the host or for
 * the tenant a host user picked. The SMTP password is write-only: GET says only whether one is
 * set (`hasSmtpPassword`); POST leaves it as it is when `smtpPassword` is left out or null and
 * clears it with "".
 */
export async function emailingRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const schema = { tags: ['settings'] };

  const current = async (tenantId: string | null) => {
    const s = await readSettings(db, tenantId);
    return {
      smtpHost: s[FIELDS.smtpHost],
      smtpPort: Number(s[FIELDS.smtpPort]),
      smtpUserName: s[FIELDS.smtpUserName],
      smtpDomain: s[FIELDS.smtpDomain],
      smtpEnableSsl: s[FIELDS.smtpEnableSsl] === 'true',
      smtpUseDefaultCredentials: s[FIELDS.smtpUseDefaultCredentials] === 'true',
      defaultFromAddress: s[FIELDS.defaultFromAddress],
      defaultFromDisplayName: s[FIELDS.defaultFromDisplayName],
      hasSmtpPassword: s[PASSWORD] !== '',
    };
  };

  app.get(ENDPOINT, { config: { policy: POLICIES.settings }, schema: { ...schema, summary: 'Mail settings', response: { 200: EMAIL_SETTINGS } } }, async (request) => current(request.tenantId));

  app.post(ENDPOINT, { config: { policy: POLICIES.settings }, schema: { ...schema, summary: 'Change the mail settings', body: BODY, response: { 200: EMAIL_SETTINGS } } }, async (request) => {
    const input = request.body;
    const values: Partial<Record<SettingName, string>> = {};
    for (const [field, name] of Object.entries(FIELDS) as [keyof typeof FIELDS, SettingName][]) {
      const value = input[field];
      if (value !== undefined) values[name] = typeof value === 'string' ? value.trim() : String(value);
    }
    if (typeof input.smtpPassword === 'string') values[PASSWORD] = input.smtpPassword;
    await saveSettings(db, request, values);
    return current(request.tenantId);
  });
}
