import { BOOLEAN_FILTER, querySchema } from '../http/route-schemas';
import { object } from './schema-parts';

/** Route schemas of GET /api/abp/application-configuration (ABP's ApplicationConfigurationDto). */

const STRING = { type: 'string' } as const;
const NULLABLE_STRING = { type: ['string', 'null'] } as const;
const BOOLEAN = { type: 'boolean' } as const;
/** A dictionary ABP keys by name (policies, settings, features, extra properties). */
const MAP_OF = <T>(values: T) => ({ type: 'object', additionalProperties: values }) as const;
const EMPTY_MAP = { type: 'object', additionalProperties: true } as const;

/** Whether the localization resources come along (default true; any case, `IncludeLocalizationResources` too). */
export const CONFIGURATION_QUERY = querySchema({ includeLocalizationResources: BOOLEAN_FILTER });

const RESOURCE = object({ texts: MAP_OF(STRING), baseResources: { type: 'array', items: STRING } });

const LANGUAGE = {
  type: 'object',
  properties: { cultureName: STRING, uiCultureName: STRING, displayName: STRING, twoLetterISOLanguageName: STRING, flagIcon: NULLABLE_STRING },
  required: ['cultureName', 'uiCultureName', 'displayName', 'twoLetterISOLanguageName', 'flagIcon'],
} as const;

const CURRENT_CULTURE = object({
  cultureName: STRING,
  name: STRING,
  displayName: STRING,
  englishName: STRING,
  nativeName: STRING,
  twoLetterIsoLanguageName: STRING,
  threeLetterIsoLanguageName: STRING,
  isRightToLeft: BOOLEAN,
  dateTimeFormat: object({
    calendarAlgorithmType: STRING,
    dateTimeFormatLong: STRING,
    shortDatePattern: STRING,
    shortTimePattern: STRING,
    longTimePattern: STRING,
    dateSeparator: STRING,
    fullDateTimePattern: STRING,
  }),
});

const CURRENT_USER = object({
  isAuthenticated: BOOLEAN,
  id: NULLABLE_STRING,
  tenantId: NULLABLE_STRING,
  impersonatorUserId: NULLABLE_STRING,
  impersonatorTenantId: NULLABLE_STRING,
  userName: NULLABLE_STRING,
  name: NULLABLE_STRING,
  surName: NULLABLE_STRING,
  email: NULLABLE_STRING,
  emailVerified: BOOLEAN,
  phoneNumber: NULLABLE_STRING,
  phoneNumberVerified: BOOLEAN,
  roles: { type: 'array', items: STRING },
});

export const APPLICATION_CONFIGURATION = object({
  localization: object({
    values: MAP_OF(MAP_OF(STRING)),
    resources: MAP_OF(RESOURCE),
    languages: { type: 'array', items: LANGUAGE },
    currentCulture: CURRENT_CULTURE,
    defaultResourceName: STRING,
    languagesMap: MAP_OF({ type: 'array', items: object({ name: STRING, value: STRING }) }),
    languageFilesMap: MAP_OF({ type: 'array', items: object({ name: STRING, value: STRING }) }),
  }),
  auth: object({ policies: MAP_OF(BOOLEAN), grantedPolicies: MAP_OF(BOOLEAN) }),
  setting: object({ values: MAP_OF(NULLABLE_STRING) }),
  currentUser: CURRENT_USER,
  features: object({ values: MAP_OF(NULLABLE_STRING) }),
  globalFeatures: object({ enabledFeatures: { type: 'array', items: STRING } }),
  multiTenancy: object({ isEnabled: BOOLEAN }),
  currentTenant: object({ id: NULLABLE_STRING, name: NULLABLE_STRING, isAvailable: BOOLEAN }),
  timing: object({ timeZone: object({ iana: object({ timeZoneName: NULLABLE_STRING }), windows: object({ timeZoneId: NULLABLE_STRING }) }) }),
  clock: object({ kind: STRING }),
  objectExtensions: object({ modules: EMPTY_MAP, enums: EMPTY_MAP }),
  extraProperties: EMPTY_MAP,
});
