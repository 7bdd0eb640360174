import { XLSX_TYPE } from './content-types';

/**
 * Route schema pieces the back-office modules share (SIM cards, invoices, device stock, devices):
 * batch answers, CSV upload bodies, Excel files and query parameters. Query parameters are read
 * and refused by the handlers themselves (translated messages), so routes using these take
 * HAND_CHECKED: their types only describe, and never make a request fail.
 */

export { HAND_CHECKED, NOT_FOUND, NULLABLE_STRING, NULLABLE_TIME, TIME } from './route-schemas';
import { FILTER_PROPERTIES, NULLABLE_STRING, PAGING_PROPERTIES } from './route-schemas';

/** One field's problem in a batch answer (records.ts FieldMessage). */
export const FIELD_MESSAGES = {
  type: 'array',
  items: { type: 'object', properties: { member: NULLABLE_STRING, message: { type: 'string' } }, required: ['member', 'message'] },
} as const;

/** A CSV upload's answer (csv-upload.ts UploadResult): lines created, and the refused ones by line number. */
export const UPLOAD_RESULT = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    created: { type: 'integer' },
    errors: { type: 'array', items: { type: 'object', properties: { row: { type: 'integer' }, messages: FIELD_MESSAGES }, required: ['row', 'messages'] } },
  },
  required: ['total', 'created', 'errors'],
} as const;

/** The CSV file itself as the body (acceptCsvBodies: text/csv, application/csv or text/plain). */
export const CSV_TEXT = { schema: { type: 'string', description: 'The CSV file, UTF-8' } } as const;

/**
 * The body of a CSV upload: the file itself, or JSON `{ csv }` as the web app sends it.
 * Described only: csvTextOf reads either and says how to send it otherwise.
 */
export const CSV_BODY = {
  content: {
    'application/json': { schema: { type: 'object', properties: { csv: { type: 'string', description: 'The CSV file as text' } }, required: ['csv'] } },
    'text/csv': CSV_TEXT,
  },
} as const;

/** `{ ids }`: the records a batch action works on. */
export function idsBody(maxItems: number) {
  return {
    type: 'object',
    properties: { ids: { type: 'array', minItems: 1, maxItems, items: { type: 'string', maxLength: 64 } } },
    required: ['ids'],
    additionalProperties: false,
  } as const;
}

/** An answer of a batch action by id: how many changed, and each id refused with its messages. */
export function idBatchResult(counts: readonly string[]) {
  return {
    type: 'object',
    properties: {
      total: { type: 'integer' },
      ...Object.fromEntries(counts.map((name) => [name, { type: 'integer' }])),
      errors: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, messages: FIELD_MESSAGES }, required: ['id', 'messages'] } },
    },
    required: ['total', ...counts, 'errors'],
  } as const;
}

/** An Excel workbook answered as the file itself (a Buffer, which Fastify sends unserialised). */
export const XLSX_FILE = { description: 'Excel workbook (.xlsx)', content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } } as const;

/** ABP paging, sorting and free-text filter as http/paging.ts reads them (camelCase is taken too). */
export const PAGING_QUERY_PROPERTIES = {
  ...PAGING_PROPERTIES,
  Sorting: { type: 'string', description: 'A field, then optionally "asc" or "desc"' },
  ...FILTER_PROPERTIES,
} as const;

/** A querystring schema of string parameters, each with its description. */
export function textQuery(parameters: Record<string, string>, extra: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: { ...Object.fromEntries(Object.entries(parameters).map(([name, description]) => [name, { type: 'string', description }])), ...extra },
  } as const;
}

/** A path parameter schema: each parameter a string with its description. */
export function pathParams(parameters: Record<string, string>) {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(parameters).map(([name, description]) => [name, { type: 'string', description }])),
    required: Object.keys(parameters),
  } as const;
}
