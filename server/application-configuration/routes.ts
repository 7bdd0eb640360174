import type { Api } from '../http/route-schemas';
import { findLanguage, LANGUAGES } from '../../common/languages';
import type { Db } from '../db/database';
import { findUserSummary } from '../identity/user-records';
import { grantedPolicies } from '../permissions/granted';
import { ANONYMOUS } from '../permissions/guard';
import { featureValues } from '../tenancy/features';
import { folderOf } from '../localization/texts';
import { localizationResources, VIGIL_RESOURCE } from '../abp/application-localization';
import { APPLICATION_CONFIGURATION, CONFIGURATION_QUERY } from '../abp/route-schemas';
import { enabledLanguages } from '../languages/languages';
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
 * What .NET's CultureInfo gives ABP's CurrentCultureDto for each of Vigil's cultures, which
 * JavaScript's Intl does not: the ISO 639-2 code and the long date pattern (LongDatePattern).
 */
const CULTURE_FACTS: Record<string, { threeLetterIsoLanguageName: string; dateTimeFormatLong: string }> = {
  en: { threeLetterIsoLanguageName: 'eng', dateTimeFormatLong: 'dddd, MMMM d, yyyy' },
  'da-DK': { threeLetterIsoLanguageName: 'dan', dateTimeFormatLong: "dddd 'den' d. MMMM yyyy" },
  'de-DE': { threeLetterIsoLanguageName: 'deu', dateTimeFormatLong: 'dddd, d. MMMM yyyy' },
  sv: { threeLetterIsoLanguageName: 'swe', dateTimeFormatLong: "dddd 'den' d MMMM yyyy" },
  no: { threeLetterIsoLanguageName: 'nor', dateTimeFormatLong: 'dddd d. MMMM yyyy' },
};

/** ABP's CurrentUserDto for an anonymous caller: every field present, none set. */
const ANONYMOUS_USER = {
  isAuthenticated: false,
  id: null,
  tenantId: null,
  impersonatorUserId: null,
  impersonatorTenantId: null,
  userName: null,
  name: null,
  surName: null,
  email: null,
  emailVerified: false,
  phoneNumber: null,
  phoneNumberVerified: false,
  roles: [],
};

/**
 * GET /api/abp/application-configuration: what the web app needs to start, in ABP's shape
 * (REFERENCE.md): localization (the enabled languages and the texts with the back office's
 * changes), auth.grantedPolicies, currentUser, currentTenant, features, the settings clients may
 * see (of the request's tenant), the time zone and multi-tenancy.
 */
export async function applicationConfigurationRoutes(app: Api, opts: { db: Db; policies: readonly string[] }) {
  const { db, policies } = opts;

  app.get(
    '/api/abp/application-configuration',
    {
      config: { policy: ANONYMOUS },
      schema: {
        tags: ['abp'],
        summary: 'What a client needs to start, as ABP\'s ApplicationConfigurationDto',
        querystring: CONFIGURATION_QUERY,
        response: { 200: APPLICATION_CONFIGURATION },
      },
    },
    async (request) => {
      const lang = findLanguage(request.language) ?? LANGUAGES[0]!;
      const user = request.principal ? await findUserSummary(db, request.principal.userId) : undefined;
      const granted = user ? (request.grantedPolicies ??= await grantedPolicies(db, request.principal)) : new Set<string>();
      const tenant = request.tenantId
        ? await db.selectFrom('tenants').select(['id', 'name']).where('id', '=', request.tenantId).executeTakeFirst()
        : undefined;
      const settings = await readSettings(db, request.tenantId);
      const timeZone = settings['Abp.Timing.TimeZone'];
      const includeResources = request.query.includeLocalizationResources !== false;
      const resources = includeResources ? localizationResources(folderOf(lang.cultureName)) : {};
      const values = Object.fromEntries(Object.entries(resources).map(([name, resource]) => [name, resource.texts]));
      const culture = CULTURE_FACTS[lang.cultureName] ?? CULTURE_FACTS.en!;

      return {
        localization: {
          values,
          resources,
          languages: await enabledLanguages(db),
          currentCulture: {
            cultureName: lang.cultureName,
            name: lang.cultureName,
            displayName: lang.displayName,
            englishName: lang.displayName,
            nativeName: lang.displayName,
            twoLetterIsoLanguageName: lang.twoLetterISOLanguageName,
            threeLetterIsoLanguageName: culture.threeLetterIsoLanguageName,
            isRightToLeft: false,
            dateTimeFormat: {
              calendarAlgorithmType: 'SolarCalendar',
              dateTimeFormatLong: culture.dateTimeFormatLong,
              shortDatePattern: 'dd/MM/yy', shortTimePattern: 'HH:mm', longTimePattern: 'HH:mm:ss', dateSeparator: '/', fullDateTimePattern: 'HH:mm - dd/MM/yy',
            },
          },
          defaultResourceName: VIGIL_RESOURCE,
          languagesMap: {},
          languageFilesMap: {},
        },
        auth: {
          policies: Object.fromEntries(policies.map((p) => [p, true])),
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
          : ANONYMOUS_USER,
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
