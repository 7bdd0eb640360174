import type { AnswerOf } from '../../providers/openapi/typedApi';

/** The CSV upload routes (server/schema-engine/csv-upload.ts): SIM cards, devices. */
export type CsvUploadPath = '/api/app/simCardInstance/batchUpload' | '/api/app/productInstance/hostData/batchCreate';
export type UploadResult = AnswerOf<CsvUploadPath, 'post'>;
/** One problem of a line or record; `member` is null for the whole line or record. */
export type FieldMessage = UploadResult['errors'][number]['messages'][number];

/** The text of a failed request: its message and the server's other validation messages. */
export function problemsOf(error: unknown): { message: string; details: string[] } {
  const err = error as { message?: unknown; body?: { validationErrors?: { message?: unknown }[] } } | null;
  const message = typeof err?.message === 'string' && err.message ? err.message : 'ra.notification.http_error';
  const details = (err?.body?.validationErrors ?? []).map((v) => v.message).filter((m): m is string => typeof m === 'string' && m !== message);
  return { message, details };
}

/** One table row per message, in line order; at most `limit` rows. */
export function uploadProblemRows(result: UploadResult, limit: number) {
  const rows = result.errors.flatMap((e) => e.messages.map((m, i) => ({ key: `${e.row}-${i}`, row: e.row, member: m.member, message: m.message })));
  return { rows: rows.slice(0, limit), total: rows.length };
}
