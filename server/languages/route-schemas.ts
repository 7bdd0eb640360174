import { abpQuery, itemsOf, object, pagedQuery, pageOf } from '../abp/schema-parts';
import { ABP_ERROR_RESPONSE } from '../http/errors';

/** Route schemas of language management and language texts (ABP's LanguageManagement DTOs). */

const STRING = { type: 'string' } as const;
const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const LANGUAGE_LIST_QUERY = pagedQuery();
export const TEXT_LIST_QUERY = pagedQuery(['resourceName', 'baseCultureName', 'targetCultureName', 'getOnlyEmptyValues']);
export const BASE_CULTURE_QUERY = abpQuery(['baseCultureName']);

export const ID_PARAMS = { type: 'object', properties: { id: { type: 'string', description: 'The language id (a UUID)' } }, required: ['id'] } as const;
export const TEXT_PARAMS = {
  type: 'object',
  properties: { resourceName: STRING, cultureName: STRING, name: { type: 'string', description: "The text's dotted key" } },
  required: ['resourceName', 'cultureName', 'name'],
} as const;

const LANGUAGE_FIELDS = {
  id: STRING,
  cultureName: STRING,
  uiCultureName: STRING,
  displayName: STRING,
  flagIcon: NULLABLE_STRING,
  isEnabled: { type: 'boolean' },
  isDefaultLanguage: { type: 'boolean' },
  creationTime: { type: 'string', format: 'date-time' },
  lastModificationTime: { type: ['string', 'null'], format: 'date-time' },
  concurrencyStamp: STRING,
} as const;

export const LANGUAGE = object(LANGUAGE_FIELDS);
export const LANGUAGE_ITEMS = itemsOf(LANGUAGE);
export const LANGUAGE_PAGE = pageOf(LANGUAGE);

export const CULTURE_LIST = {
  type: 'array',
  items: { type: 'object', properties: { name: STRING, displayName: STRING }, required: ['name', 'displayName'] },
} as const;
export const RESOURCE_LIST = { type: 'array', items: { type: 'object', properties: { name: STRING }, required: ['name'] } } as const;

const FLAG = { type: ['string', 'null'], maxLength: 16, pattern: '^[a-z]{2}(-[a-z0-9]{1,8})?$' } as const;

/** Create takes the culture; update only the display name, flag and whether it is offered (ABP). */
export const CREATE_LANGUAGE_BODY = {
  type: 'object',
  properties: {
    cultureName: { type: 'string', maxLength: 35 },
    uiCultureName: { type: 'string', maxLength: 35 },
    displayName: { type: 'string', minLength: 1, maxLength: 64 },
    flagIcon: FLAG,
    isEnabled: { type: 'boolean' },
  },
  required: ['cultureName', 'displayName'],
  additionalProperties: false,
} as const;

export const UPDATE_LANGUAGE_BODY = {
  type: 'object',
  properties: {
    cultureName: STRING,
    uiCultureName: STRING,
    displayName: { type: 'string', minLength: 1, maxLength: 64 },
    flagIcon: FLAG,
    isEnabled: { type: 'boolean' },
    concurrencyStamp: { type: 'string', maxLength: 64 },
  },
  required: ['displayName'],
  additionalProperties: false,
} as const;

const TEXT_FIELDS = {
  resourceName: STRING,
  cultureName: STRING,
  baseCultureName: STRING,
  name: STRING,
  baseValue: NULLABLE_STRING,
  value: NULLABLE_STRING,
  isCustomized: { type: 'boolean' },
} as const;

export const LANGUAGE_TEXT = object(TEXT_FIELDS);
export const LANGUAGE_TEXT_PAGE = pageOf(LANGUAGE_TEXT);

/** The new text, in the body or (as ABP's proxy sends it) in the query. */
export const TEXT_VALUE_BODY = { type: 'object', properties: { value: STRING } } as const;
export const TEXT_VALUE_QUERY = { type: 'object', properties: { value: STRING } } as const;

export { NO_CONTENT } from '../abp/schema-parts';
export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
