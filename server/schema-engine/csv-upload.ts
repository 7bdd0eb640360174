import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAjv } from '../../common/schema/ajv';
import type { SchemaError } from '../../common/schema/validation';
import { writeAuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import { badRequest, conflict } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '.';
import { bodySchema } from './openapi-schemas';
import { toColumns, type DynamicDb, type ResourceModel } from './resource-model';
import { writeTenant } from './scoping';
import { checkRules, normalizeBody, validationFailure } from './write-checks';
import { isUniqueViolation } from '../db/constraint-errors';
import { CSV_TYPES } from '../http/content-types';
import { CsvSyntaxError, parseCsv } from './csv';
import { entityChange, messagesOf, type FieldMessage } from './records';
import { EXTRA, mapHeader, rowRecord, type UploadColumns } from './csv-rows';

/**
 * Creating many records of a schema resource from one CSV file (SIM cards, devices). Every line is checked as a POST of
 * it would be (the create body schema, the x-after rules, references and unique values, also
 * against the other lines of the file); the good lines are created together in one transaction
 * and the bad ones reported with their line numbers, so staff fix and upload only those lines.
 */
export const MAX_UPLOAD_ROWS = 10_000;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const INSERT_CHUNK = 500;
const QUERY_CHUNK = 1000;

export type UploadResult = {
  total: number;
  created: number;
  errors: { row: number; messages: FieldMessage[] }[];
};

/** A line before validation: its record and the values of its extra (non-field) columns. */
export interface PreparedRow {
  line: number;
  record: Record<string, unknown>;
  extra: Record<string, string>;
}

/**
 * What a resource adds to the generic upload: extra columns (an ICCID that becomes a SIM card id),
 * required fields it fills itself (a device's name from its IMEI), and a step that completes the
 * records of all lines at once (one query per file, not per line) and reports lines it refuses.
 */
export interface UploadOptions extends UploadColumns {
  prepare?: (request: FastifyRequest, rows: PreparedRow[]) => Promise<Map<number, FieldMessage[]>>;
}

interface Candidate {
  line: number;
  record: Record<string, unknown>;
}

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

function readCsv(text: string, lang: string) {
  try {
    return parseCsv(text, MAX_UPLOAD_ROWS + 1);
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(translate('batchUpload.tooManyRows', lang, { count: MAX_UPLOAD_ROWS }), [{ message: translate('batchUpload.tooManyRows', lang, { count: MAX_UPLOAD_ROWS }), members: ['csv'] }]);
    if (err instanceof CsvSyntaxError) throw badRequest(translate('batchUpload.unterminatedQuote', lang, { line: err.line }), [{ message: translate('batchUpload.unterminatedQuote', lang, { line: err.line }), members: ['csv'] }]);
    throw err;
  }
}

/** Lines whose unique values are taken (in the tenant, or anywhere for global ones) or repeat an earlier line. */
async function uniqueAndReferenceErrors(db: DynamicDb, engine: SchemaEngine, model: ResourceModel, candidates: Candidate[], tenantId: string | null) {
  const errors = new Map<Candidate, SchemaError[]>();
  const fail = (c: Candidate, error: SchemaError) => errors.set(c, [...(errors.get(c) ?? []), error]);
  for (const [field, property] of Object.entries(model.schema.properties)) {
    const present = candidates.filter((c) => c.record[field] !== null && c.record[field] !== undefined);
    if (!present.length) continue;
    const unique = property['x-unique'];
    const ref = property['x-reference'];
    if (unique) {
      const global = typeof unique === 'object' && unique.scope === 'global';
      const column = model.columnOf.get(field)!;
      const first = new Map<string, Candidate>();
      for (const c of present) {
        const value = String(c.record[field]);
        if (first.has(value)) fail(c, { keyword: 'unique', instancePath: `/${field}`, params: {} });
        else first.set(value, c);
      }
      for (const values of chunks([...first.keys()], QUERY_CHUNK)) {
        let q = db.selectFrom(model.table).select(column).where(column, 'in', values).where('is_deleted', '=', false);
        if (!global) q = tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', tenantId);
        for (const row of await q.execute()) fail(first.get(String(row[column]))!, { keyword: 'unique', instancePath: `/${field}`, params: {} });
      }
    }
    if (ref) {
      const target = engine.models.get(ref.resource)!;
      const targetTenant = target.schema['x-resource'].scope === 'tenant' ? tenantId : null;
      const ids = [...new Set(present.map((c) => String(c.record[field])))];
      const found = new Set<string>();
      for (const part of chunks(ids, QUERY_CHUNK)) {
        let q = db.selectFrom(target.table).select('id').where('id', 'in', part).where('is_deleted', '=', false);
        q = targetTenant === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', targetTenant);
        for (const row of await q.execute()) found.add(String(row.id));
      }
      for (const c of present) if (!found.has(String(c.record[field]))) fail(c, { keyword: 'reference', instancePath: `/${field}`, params: {} });
    }
  }
  return errors;
}

export function uploadImporter(db: Db, engine: SchemaEngine, model: ResourceModel, options: UploadOptions = {}) {
  const validate = createAjv().compile(bodySchema(model, 'create'));
  const dyn = db as unknown as DynamicDb;

  return async function importCsv(request: FastifyRequest, text: string): Promise<UploadResult> {
    const lang = request.language;
    const [header, ...lines] = readCsv(text, lang);
    if (!header) throw badRequest(translate('batchUpload.empty', lang), [{ message: translate('batchUpload.empty', lang), members: ['csv'] }]);
    const fields = mapHeader(model, header.cells, lang, options);
    const errors: UploadResult['errors'] = [];
    const candidates: Candidate[] = [];
    const prepared: PreparedRow[] = [];

    for (const { line, cells } of lines) {
      if (cells.length > fields.length) {
        errors.push({ row: line, messages: [{ member: null, message: translate('batchUpload.cellCount', lang, { count: cells.length, expected: fields.length }) }] });
        continue;
      }
      const extra: Record<string, string> = {};
      fields.forEach((f, i) => {
        if (f.startsWith(EXTRA)) extra[f.slice(EXTRA.length)] = (cells[i] ?? '').trim();
      });
      prepared.push({ line, record: rowRecord(model, fields, cells), extra });
    }
    const refusedLines = options.prepare ? await options.prepare(request, prepared) : new Map<number, FieldMessage[]>();

    for (const { line, record: raw } of prepared) {
      const refusal = refusedLines.get(line);
      if (refusal?.length) {
        errors.push({ row: line, messages: refusal });
        continue;
      }
      const record = normalizeBody(model, raw) as Record<string, unknown>;
      if (!validate(record)) {
        errors.push({ row: line, messages: messagesOf(validationFailure(model, validate.errors ?? [], lang)) });
        continue;
      }
      try {
        checkRules(model, record, lang);
        candidates.push({ line, record });
      } catch (err) {
        errors.push({ row: line, messages: messagesOf(err) });
      }
    }

    const tenantId = writeTenant(model, request);
    const refused = await uniqueAndReferenceErrors(dyn, engine, model, candidates, tenantId);
    for (const [c, schemaErrors] of refused) errors.push({ row: c.line, messages: messagesOf(validationFailure(model, schemaErrors, lang)) });
    const good = candidates.filter((c) => !refused.has(c));

    if (good.length) {
      const creatorId = request.principal?.userId ?? null;
      const rows = good.map((c) => ({ id: randomUUID(), record: c.record }));
      try {
        await db.transaction().execute(async (trx) => {
          for (const part of chunks(rows, INSERT_CHUNK)) {
            await (trx as unknown as DynamicDb)
              .insertInto(model.table)
              .values(part.map((r) => ({ ...toColumns(model, r.record), id: r.id, tenant_id: tenantId, creator_id: creatorId, concurrency_stamp: randomUUID() })))
              .execute();
          }
          await writeAuditLog(trx, request, { status: 200, entityChanges: rows.map((r) => entityChange(model, null, r.record, r.id, 0)) });
        });
      } catch (err) {
        // Another upload or form took one of these values between the check and the insert.
        if (isUniqueViolation(err)) throw conflict(translate('batchUpload.conflict', lang));
        throw err;
      }
    }
    errors.sort((a, b) => a.row - b.row);
    return { total: lines.length, created: good.length, errors };
  };
}

/**
 * Upload routes take the CSV as the request body, either `text/csv` (curl, scripts) or JSON
 * `{ "csv": "..." }`, UTF-8, at most 2 MB; their schema (CSV_BODY, http/resource-route-schemas.ts)
 * refuses any other body. Called in the plugin that owns the upload routes, so only those read CSV bodies.
 */
export function acceptCsvBodies(app: FastifyInstance): void {
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'string', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, String(body)));
}

/** The CSV text of an upload's checked body: the file itself, or JSON `{ csv }`. */
export const csvTextOf = (body: string | { csv: string }): string => (typeof body === 'string' ? body : body.csv);
