import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import type { DynamicDb } from '../schema-engine/resource-model';
import { CsvSyntaxError, parseCsv } from '../schema-engine/csv';
import { modelOf, type FieldMessage } from '../schema-engine/records';
import { recordHistory, setSchemaColumns, visibleDevices } from './scope';

/**
 * hostData/pairSimcards: pairs devices (by IMEI) with SIM cards (by ICCID) of the device's tenant,
 * given as JSON `{ pairs: [{ imei, iccid }] }` or as a CSV with IMEI and ICCID columns. An empty
 * ICCID unpairs. A card already in another device, an unknown IMEI or ICCID, or a device or card
 * named twice is reported for its row; the other rows are paired together.
 */
export interface Pair {
  imei: string;
  iccid: string | null;
}

export type PairResult = {
  total: number;
  paired: number;
  errors: { row: number; imei: string; messages: FieldMessage[] }[];
};

const key = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Pairs from a CSV's text (row numbers are file lines). */
export function pairsFromCsv(text: string, lang: string): { row: number; pair: Pair }[] {
  let records;
  try {
    records = parseCsv(text, 10_001);
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(translate('batchUpload.tooManyRows', lang, { count: 10_000 }));
    if (err instanceof CsvSyntaxError) throw badRequest(translate('batchUpload.unterminatedQuote', lang, { line: err.line }));
    throw err;
  }
  const [header, ...lines] = records;
  const names = header?.cells.map(key) ?? [];
  const imeiAt = names.findIndex((n) => n === 'imei' || n === 'serialnumber');
  const iccidAt = names.indexOf('iccid');
  if (imeiAt < 0 || iccidAt < 0) {
    const message = translate('stock:errors.pairColumns', lang);
    throw badRequest(message, [{ message, members: ['csv'] }]);
  }
  return lines.map(({ line, cells }) => ({ row: line, pair: { imei: (cells[imeiAt] ?? '').trim(), iccid: (cells[iccidAt] ?? '').trim() || null } }));
}

export async function pairSimcards(db: Db, engine: SchemaEngine, request: FastifyRequest, rows: { row: number; pair: Pair }[]): Promise<PairResult> {
  const lang = request.language;
  const simcards = modelOf(engine, 'simcards');
  const result: PairResult = { total: rows.length, paired: 0, errors: [] };
  const fail = (row: number, imei: string, member: string, message: string) => result.errors.push({ row, imei, messages: [{ member, message }] });

  await db.transaction().execute(async (trx) => {
    const imeis = [...new Set(rows.map((r) => r.pair.imei).filter(Boolean))];
    const devices = imeis.length ? await visibleDevices(trx, request).select(['d.id', 'd.tenant_id', 'd.imei', 'd.name']).where('d.imei', 'in', imeis).forUpdate().execute() : [];
    const byImei = new Map(devices.map((d) => [d.imei, d]));
    const iccids = [...new Set(rows.map((r) => r.pair.iccid).filter((v): v is string => Boolean(v)))];
    const cards = iccids.length
      ? await (trx as unknown as DynamicDb)
          .selectFrom(`${simcards.table} as s`)
          .select(['s.id', 's.iccid', 's.tenant_id'])
          .where('s.iccid', 'in', iccids)
          .where('s.is_deleted', '=', false)
          .execute()
      : [];
    const seenImei = new Set<string>();
    const seenIccid = new Set<string>();
    const planned: { device: (typeof devices)[number]; cardId: string | null; iccid: string | null }[] = [];
    for (const { row, pair } of rows) {
      const device = byImei.get(pair.imei);
      if (!device) {
        fail(row, pair.imei, 'imei', translate('stock:errors.imeiNotFound', lang, { imei: pair.imei }));
        continue;
      }
      if (seenImei.has(pair.imei)) {
        fail(row, pair.imei, 'imei', translate('stock:errors.deviceTwice', lang, { imei: pair.imei }));
        continue;
      }
      seenImei.add(pair.imei);
      if (pair.iccid === null) {
        planned.push({ device, cardId: null, iccid: null });
        continue;
      }
      const card = cards.find((c) => c.iccid === pair.iccid && c.tenant_id === device.tenant_id);
      if (!card) fail(row, pair.imei, 'iccid', translate('stock:errors.simNotFound', lang, { iccid: pair.iccid }));
      else if (seenIccid.has(pair.iccid)) fail(row, pair.imei, 'iccid', translate('stock:errors.simRepeated', lang, { iccid: pair.iccid }));
      else {
        seenIccid.add(pair.iccid);
        planned.push({ device, cardId: String(card.id), iccid: pair.iccid });
      }
    }
    // A card may sit in a device that this request does not re-pair: that is refused, not stolen.
    const cardIds = planned.map((p) => p.cardId).filter((v): v is string => v !== null);
    const holders = cardIds.length
      ? await (trx as unknown as DynamicDb).selectFrom('devices').select(['id', 'name', 'sim_card_id']).where('sim_card_id', 'in', cardIds).where('is_deleted', '=', false).execute()
      : [];
    const movedAway = new Set(planned.map((p) => p.device.id));
    for (const plan of planned) {
      const holder = holders.find((h) => h.sim_card_id === plan.cardId && h.id !== plan.device.id && !movedAway.has(String(h.id)));
      const row = rows.find((r) => r.pair.imei === plan.device.imei)!.row;
      if (holder) {
        fail(row, plan.device.imei, 'iccid', translate('stock:errors.simPaired', lang, { iccid: plan.iccid!, device: String(holder.name) }));
        continue;
      }
      await setSchemaColumns(trx, plan.device.id, { sim_card_id: null });
    }
    const failedRows = new Set(result.errors.map((e) => e.imei));
    for (const plan of planned) {
      if (failedRows.has(plan.device.imei)) continue;
      await setSchemaColumns(trx, plan.device.id, { sim_card_id: plan.cardId });
      await recordHistory(trx, request, plan.device, 'pairSimcard', { iccid: plan.iccid });
      result.paired += 1;
    }
  });
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}
