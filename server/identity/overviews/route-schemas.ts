import { BOOLEAN_FILTER, DATE_TIME, FILTER_PROPERTIES, listQuery, NULLABLE_DATE_TIME, NULLABLE_STRING, NULLABLE_UUID, PAGING_PROPERTIES, pagedResult, querySchema, TIME_FILTER, UUID_STRING } from '../route-schemas';
import { SECURITY_LOG_FILTERS, SECURITY_LOG_PROPERTIES } from '../security-log-schemas';
import { OVERVIEW_SORTING } from './queries';
import { XLSX_TYPE } from '../../http/content-types';

/** Route schemas of the users overview (/api/app/user-overviews), its reports and the user logs (/api/app/user-logs). */

const TEXT = { type: 'string' } as const;
const NULLABLE_INTEGER = { type: ['integer', 'null'] } as const;

/** The overview lists' filters (queries.ts `overviewFilters`). */
export const OVERVIEW_FILTERS = { roleId: UUID_STRING, notActive: BOOLEAN_FILTER, isLockedOut: BOOLEAN_FILTER } as const;
export const OVERVIEW_QUERY = listQuery(OVERVIEW_SORTING, OVERVIEW_FILTERS);

/** An overview item (queries.ts `overviewItems`); `mitId` on the MitID list only. */
const OVERVIEW_PROPERTIES = {
  id: UUID_STRING,
  tenantId: NULLABLE_UUID,
  tenantName: NULLABLE_STRING,
  userName: TEXT,
  name: NULLABLE_STRING,
  surname: NULLABLE_STRING,
  email: TEXT,
  phoneNumber: NULLABLE_STRING,
  phoneNumberLoginEnabled: { type: 'boolean' },
  isActive: { type: 'boolean' },
  isLockedOut: { type: 'boolean' },
  roles: { type: 'array', items: TEXT },
  lastSignInTime: NULLABLE_DATE_TIME,
  creationTime: DATE_TIME,
  mitId: {
    type: 'object',
    properties: { displayName: NULLABLE_STRING, linkedTime: DATE_TIME, lastUsedTime: NULLABLE_DATE_TIME },
    required: ['displayName', 'linkedTime', 'lastUsedTime'],
  },
} as const;
const OVERVIEW_REQUIRED = ['id', 'tenantId', 'tenantName', 'userName', 'email', 'phoneNumberLoginEnabled', 'isActive', 'isLockedOut', 'roles', 'lastSignInTime', 'creationTime'] as const;

/** Weekly working hours: day 0 (Sunday) to 6, 'HH:mm' to 'HH:mm' (24:00 is midnight). */
export const WORKING_HOURS = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['dayOfWeek', 'start', 'end'],
    additionalProperties: false,
    properties: {
      dayOfWeek: { type: 'integer', minimum: 0, maximum: 6 },
      start: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
      end: { type: 'string', pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' },
    },
  },
} as const;

export const OVERVIEW_PAGE = pagedResult({ type: 'object', properties: OVERVIEW_PROPERTIES, required: OVERVIEW_REQUIRED });
export const WORKING_HOURS_PAGE = pagedResult({
  type: 'object',
  properties: { ...OVERVIEW_PROPERTIES, workingHours: WORKING_HOURS },
  required: [...OVERVIEW_REQUIRED, 'workingHours'],
});

/** The signed-in user's own overview (users.ts `findUserSummary`). */
export const CURRENT_USER = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    userName: TEXT,
    name: NULLABLE_STRING,
    surname: NULLABLE_STRING,
    email: TEXT,
    emailConfirmed: { type: 'boolean' },
    phoneNumber: NULLABLE_STRING,
    tenantId: NULLABLE_UUID,
    tenantName: NULLABLE_STRING,
    roles: { type: 'array', items: TEXT },
  },
  required: ['id', 'userName', 'name', 'surname', 'email', 'emailConfirmed', 'phoneNumber', 'tenantId', 'tenantName', 'roles'],
} as const;

/** The user logs' user picker. */
export const LOG_USER_PAGE = pagedResult({
  type: 'object',
  properties: { id: UUID_STRING, userName: TEXT, name: NULLABLE_STRING, surname: NULLABLE_STRING, email: TEXT, tenantId: NULLABLE_UUID, tenantName: NULLABLE_STRING },
  required: ['id', 'userName', 'name', 'surname', 'email', 'tenantId', 'tenantName'],
});

/** The user logs' user picker: paging and the free-text filter. */
export const LOG_USER_QUERY = querySchema({ ...PAGING_PROPERTIES, ...FILTER_PROPERTIES });
export const USER_LOG_QUERY = querySchema({
  ...PAGING_PROPERTIES,
  kind: { type: 'string', enum: ['audit', 'security'], description: 'Only this kind (any case); both when left out' },
  startTime: TIME_FILTER,
  endTime: TIME_FILTER,
});

/** A recorded value: any JSON. */
const ANY_VALUE = { description: 'Any JSON value, or null' } as const;

/**
 * An entry of a user's timeline: an audited call (user-logs-routes.ts `auditEntry`) or a security
 * log entry, told apart by `kind`. One object schema rather than anyOf: the serialiser picks anyOf
 * branches by validating, which Date values would fail.
 */
const TIMELINE_ENTRY = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['audit', 'security'] },
    time: DATE_TIME,
    ...SECURITY_LOG_PROPERTIES,
    httpMethod: TEXT,
    url: TEXT,
    httpStatusCode: NULLABLE_INTEGER,
    executionDuration: NULLABLE_INTEGER,
    exceptions: NULLABLE_STRING,
    entityChanges: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          entityTypeFullName: TEXT,
          entityId: TEXT,
          changeType: { type: 'integer', enum: [0, 1, 2] },
          propertyChanges: {
            type: 'array',
            items: { type: 'object', properties: { propertyName: TEXT, originalValue: ANY_VALUE, newValue: ANY_VALUE }, required: ['propertyName', 'originalValue', 'newValue'] },
          },
        },
        required: ['entityTypeFullName', 'entityId', 'changeType', 'propertyChanges'],
      },
    },
  },
  required: ['kind', 'time', 'id', 'tenantId', 'userId', 'userName'],
} as const;

/** One user's timeline, newest first. */
export const USER_LOG = {
  type: 'object',
  properties: {
    totalCount: { type: 'integer', minimum: 0 },
    user: { type: 'object', properties: { id: UUID_STRING, userName: TEXT }, required: ['id', 'userName'] },
    items: { type: 'array', items: TIMELINE_ENTRY },
  },
  required: ['totalCount', 'user', 'items'],
} as const;

/** The reports' query: `format` and, for the users report, `type` and the overview filters. */
const FORMAT = { type: 'string', enum: ['csv', 'xlsx'], description: 'Default csv' } as const;
const REPORT_KIND = { type: 'string', enum: ['all', 'standard', 'phonenumberlogin', 'mitid'], description: 'Default all' } as const;
/** Reports take every matching row: no paging. */
export const USER_REPORT_QUERY = querySchema({ format: FORMAT, type: REPORT_KIND, ...FILTER_PROPERTIES, ...OVERVIEW_FILTERS });
/** The file itself, not JSON: CSV or, with format=xlsx, an Excel workbook (reports.ts sendReport). */
export const REPORT_FILE = {
  description: 'CSV or, with format=xlsx, an Excel workbook',
  content: { 'text/csv': { schema: { type: 'string' } }, [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
} as const;
export const SECURITY_REPORT_QUERY = querySchema({ format: FORMAT, ...SECURITY_LOG_FILTERS });
