import { isRecord } from '../../common/is-record';
import { CSV_TYPES, XLSX_TYPE } from './content-types';

/**
 * Route schema pieces the back-office modules share (SIM cards, invoices, device stock, devices):
 * batch answers, CSV upload bodies and Excel files. As every route schema, they check the request
 * and type what the handler reads (route-schemas.ts).
 */

export { NOT_FOUND, NULLABLE_STRING, NULLABLE_TIME, TIME } from './route-schemas';
import { NULLABLE_STRING } from './route-schemas';

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

/** The CSV file itself as the body's text, UTF-8. */
export const CSV_TEXT = { type: 'string', description: 'The CSV file, UTF-8 (text/csv)' } as const;

/**
 * An upload's body: the CSV file itself (text/csv) or `json`, the JSON the route takes instead;
 * one schema checks and types either. A body that is neither gets one message saying how to send
 * it. The API description shows each media type with its own schema (csvOrJsonContent).
 */
export function csvOrJson<const J extends object>(json: J) {
  return { anyOf: [CSV_TEXT, json], 'x-messages': { anyOf: 'batchUpload.noFile' } } as const;
}

/** A csvOrJson body as the API description shows it: the JSON, and the file under each CSV media type; undefined for any other body. */
export function csvOrJsonContent(body: unknown) {
  if (!isRecord(body) || !Array.isArray(body.anyOf) || body.anyOf[0] !== CSV_TEXT) return undefined;
  return { content: { 'application/json': { schema: body.anyOf[1] }, ...Object.fromEntries(CSV_TYPES.map((type) => [type, { schema: CSV_TEXT }])) } };
}

/** The body of a CSV upload: the file itself, or JSON `{ csv }` with its text. */
export const CSV_BODY = csvOrJson({
  type: 'object',
  properties: { csv: { type: 'string', description: 'The CSV file as text', 'x-messages': { required: 'batchUpload.noFile', type: 'batchUpload.noFile' } } },
  required: ['csv'],
  additionalProperties: false,
} as const);

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
