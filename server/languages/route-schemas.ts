import { itemsOf, object, pageOf } from '../abp/schema-parts';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { BOOLEAN_FILTER, listQuery, pathParams, querySchema, RECORD_ID } from '../http/route-schemas';

/** Route schemas of language management and language texts (ABP's LanguageManagement DTOs). */

const STRING = { type: 'string' } as const;
const NULLABLE_STRING = { type: ['string', 'null'] } as const;
/** A culture's name ('da-DK'); one the product has no texts for is refused by the handler. */
const CULTURE = { type: 'string', maxLength: 35 } as const;

export const LANGUAGE_SORTING = { displayName: 'display_name', cultureName: 'culture_name', creationTime: 'creation_time' } as const;
export const TEXT_SORTING = { name: 'name', resourceName: 'resourceName', baseValue: 'baseValue', value: 'value' } as const;
export const LANGUAGE_LIST_QUERY = listQuery(LANGUAGE_SORTING, {});
export const TEXT_LIST_QUERY = listQuery(TEXT_SORTING, { resourceName: { type: 'string', maxLength: 64 }, baseCultureName: CULTURE, targetCultureName: CULTURE, getOnlyEmptyValues: BOOLEAN_FILTER });
export const BASE_CULTURE_QUERY = querySchema({ baseCultureName: CULTURE });

export const ID_PARAMS = pathParams({ id: { ...RECORD_ID, description: 'The language id (a UUID)' } });
export const TEXT_PARAMS = pathParams({ resourceName: STRING, cultureName: CULTURE, name: { type: 'string', description: "The text's dotted key" } });

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
    cultureName: CULTURE,
    uiCultureName: CULTURE,
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

/** The new text, in the body or (as ABP's proxy sends it) in the query: not blank, at most MAX_TEXT_LENGTH. */
export const MAX_TEXT_LENGTH = 4000;
const TEXT_VALUE = { type: 'string', maxLength: MAX_TEXT_LENGTH, pattern: '\\S', 'x-messages': { pattern: 'validation:required' } } as const;
export const TEXT_VALUE_BODY = { type: 'object', properties: { value: TEXT_VALUE }, additionalProperties: false } as const;
export const TEXT_VALUE_QUERY = querySchema({ value: TEXT_VALUE });

export { NO_CONTENT } from '../http/route-schemas';
export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
