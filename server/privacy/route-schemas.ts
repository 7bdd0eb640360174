import { ABP_ERROR_RESPONSE } from '../http/errors';
import { NULLABLE_TIME, pathParams, TIME, UUID_STRING } from '../http/route-schemas';

/** Route schemas of the privacy routes (routes.ts). */
export const tags = ['privacy'];

const SUBJECT_TYPE = { type: 'string', enum: ['citizen', 'user'], description: "'citizen', or 'user': a carer of the caller's tenant, or the caller themselves" } as const;
/** Any text: a malformed id is a subject the caller cannot see (404), as elsewhere. */
const SUBJECT_ID = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const SUBJECT_BODY = {
  type: 'object',
  properties: { subjectType: SUBJECT_TYPE, subjectId: SUBJECT_ID },
  required: ['subjectType', 'subjectId'],
  additionalProperties: false,
} as const;

/** The carer's own routes name no subject: it is the caller. */
export const EMPTY_OBJECT = { type: 'object', properties: {}, additionalProperties: false } as const;

const CONFIRMATION = { type: 'string', maxLength: 500, description: 'The confirmation text the preview gave, typed by the caller' } as const;

export const ERASURE_BODY = {
  type: 'object',
  properties: { subjectType: SUBJECT_TYPE, subjectId: SUBJECT_ID, confirmation: CONFIRMATION },
  required: ['subjectType', 'subjectId'],
  additionalProperties: false,
} as const;

export const OWN_ERASURE_BODY = { type: 'object', properties: { confirmation: CONFIRMATION }, additionalProperties: false } as const;

export const EXPORT_RECORD = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    subjectType: SUBJECT_TYPE,
    subjectId: UUID_STRING,
    subjectName: { type: 'string' },
    state: { type: 'string', enum: ['queued', 'running', 'ready', 'downloaded', 'failed'] },
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    bytes: { type: ['integer', 'null'] },
    creationTime: TIME,
    finishedTime: NULLABLE_TIME,
    downloadedTime: NULLABLE_TIME,
  },
  required: ['id', 'subjectType', 'subjectId', 'subjectName', 'state', 'progress', 'bytes', 'creationTime', 'finishedTime', 'downloadedTime'],
} as const;

const COUNTS = { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } } as const;
const GROUPS = {
  type: 'object',
  properties: { erased: COUNTS, anonymised: COUNTS, kept: COUNTS },
  required: ['erased', 'anonymised', 'kept'],
  description: 'Rows per kind: erased (deleted), anonymised (kept without the personal data), kept (invoices, for bookkeeping)',
} as const;

export const ERASURE_PREVIEW = {
  type: 'object',
  properties: {
    subjectType: SUBJECT_TYPE,
    subjectId: UUID_STRING,
    subjectName: { type: 'string' },
    confirmation: { type: 'string', description: 'The exact text to type to confirm' },
    counts: GROUPS,
    activeSubscriptions: { type: 'integer', minimum: 0, description: "The carer's active subscriptions: the erasure is refused (403) until they are paused or transferred; 0 for a citizen" },
  },
  required: ['subjectType', 'subjectId', 'subjectName', 'confirmation', 'counts', 'activeSubscriptions'],
} as const;

export const ERASURE_RESULT = {
  type: 'object',
  properties: { subjectType: SUBJECT_TYPE, subjectId: UUID_STRING, erasedTime: TIME, counts: GROUPS },
  required: ['subjectType', 'subjectId', 'erasedTime', 'counts'],
} as const;

/** An export's id: anything but one of the caller's exports is its own 404 (export-routes.ts). */
export const ID_PARAMS = pathParams({ id: { type: 'string' } });

export const ZIP_FILE = { description: 'The archive (zip): manifest.json, profile.json, devices.json, receivers.json, alarms.json, invoices.json, positions.csv, events.csv', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } } as const;

export const REFUSALS = { 400: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } as const;
/** The carer still has active subscriptions: billing would go on charging an account that is gone. */
export const BLOCKED = { 403: ABP_ERROR_RESPONSE } as const;
export const TOO_MANY = { 429: ABP_ERROR_RESPONSE } as const;
/** The archive was downloaded already (or failed): it is gone. */
export const GONE = { 410: ABP_ERROR_RESPONSE } as const;
/** Not ready yet. */
export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
