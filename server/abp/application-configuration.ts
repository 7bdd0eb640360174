import type { FastifyInstance } from 'fastify';
import { findLanguage, LANGUAGES } from '../../common/languages';
import type { Db } from '../db/database';
import { findUserSummary } from '../identity/users';
import { grantedPolicies } from '../permissions/granted';
import { ANONYMOUS } from '../permissions/guard';
import { featureValues } from '../tenancy/features';
import { flatten, folderOf, readNamespace } from '../localization/texts';
import { enabledLanguages } from '../localization/languages';
import { CLIENT_SETTINGS, readSettings } from '../settings/settings';

/** Windows ids of the time zones Vigil's customers use (ABP sends both); others send null. */
const WINDOWS_TIME_ZONES: Record<string, string> = {
  UTC: 'UTC',
  'Europe/Copenhagen': 'Romance Standard Time',
  'Europe/Berlin': 'W. Europe Standard Time',
  'Europe/Stockholm': 'W. Europe Standard Time',
  'Europe/Oslo': 'W. Europe Standard Time',
  'Europe/London': 'GMT Standard Time',
};

/**
 * GET /api/abp/application-configuration: what the web app needs to start, in ABP's shape
 * (REFERENCE.md): localization (the enabled languages and the texts with the back office's
 * changes), auth.grantedPolicies, currentUser, currentTenant, features, the settings clients may
 * see (of the request's tenant), the time zone and multi-tenancy.
 */
export async function applicationConfigurationRoutes(app: FastifyInstance, opts: { db: Db; policies: readonly string[] }) {
  const { db, policies } = opts;

  app.get<{ Querystring: { includeLocalizationResources?: string } }>(
    '/api/abp/application-configuration',
    { config: { policy: ANONYMOUS } },
    async (request) => {
      const lang = findLanguage(request.language) ?? LANGUAGES[0]!;
      const user = request.principal ? await findUserSummary(db, request.principal.userId) : undefined;
      const granted = user ? (request.grantedPolicies ??= await grantedPolicies(db, request.principal)) : new Set<string>();
      const tenant = request.tenantId
        ? await db.selectFrom('tenants').select(['id', 'name']).where('id', '=', request.tenantId).executeTakeFirst()
        : undefined;
      const settings = await readSettings(db, request.tenantId);
      const timeZone = settings['Abp.Timing.TimeZone'];
      const includeResources = request.query.includeLocalizationResources !== 'false';
      const values = includeResources ? { Vigil: flatten(readNamespace(folderOf(lang.cultureName), 'translation')) } : {};

      return {
        localization: {
          values,
          resources: {},
          languages: await enabledLanguages(db),
          currentCulture: {
            cultureName: lang.cultureName,
            name: lang.cultureName,
            displayName: lang.displayName,
            englishName: lang.displayName,
            nativeName: lang.displayName,
            twoLetterIsoLanguageName: lang.twoLetterISOLanguageName,
            threeLetterIsoLanguageName: '',
            isRightToLeft: false,
            dateTimeFormat: { shortDatePattern: 'dd/MM/yy', shortTimePattern: 'HH:mm', longTimePattern: 'HH:mm:ss', dateSeparator: '/', fullDateTimePattern: 'HH:mm - dd/MM/yy' },
          },
          defaultResourceName: 'Vigil',
          languagesMap: {},
          languageFilesMap: {},
        },
        auth: {
          grantedPolicies: Object.fromEntries(policies.filter((p) => granted.has(p)).map((p) => [p, true])),
        },
        setting: { values: Object.fromEntries(CLIENT_SETTINGS.map((name) => [name, settings[name]])) },
        currentUser: user
          ? {
              isAuthenticated: true,
              id: user.id,
              tenantId: user.tenantId,
              impersonatorUserId: null,
              impersonatorTenantId: null,
              userName: user.userName,
              name: user.name,
              surName: user.surname,
              email: user.email,
              emailVerified: user.emailConfirmed,
              phoneNumber: user.phoneNumber,
              phoneNumberVerified: false,
              roles: user.roles,
            }
          : { isAuthenticated: false, id: null, tenantId: null, userName: null, name: null, surName: null, email: null, roles: [] },
        features: { values: await featureValues(db, request.tenantId) },
        globalFeatures: { enabledFeatures: [] },
        multiTenancy: { isEnabled: true },
        currentTenant: tenant ? { id: tenant.id, name: tenant.name, isAvailable: true } : { id: null, name: null, isAvailable: false },
        timing: { timeZone: { iana: { timeZoneName: timeZone }, windows: { timeZoneId: WINDOWS_TIME_ZONES[timeZone] ?? null } } },
        clock: { kind: 'Utc' },
        objectExtensions: { modules: {}, enums: {} },
        extraProperties: {},
      };
    },
  );
}
