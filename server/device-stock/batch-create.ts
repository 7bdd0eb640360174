import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import type { DynamicDb } from '../schema-engine/resource-model';
import { writeTenant } from '../schema-engine/scoping';
import { uploadImporter, type PreparedRow } from '../schema-engine/csv-upload';
import { modelOf, type FieldMessage } from '../schema-engine/records';

/**
 * hostData/batchCreate: devices into stock from a CSV file, with the SIM card upload's rules (every
 * line checked as a POST of it would be, IMEI unique across all tenants and within the file, good
 * lines created together, bad ones reported by line number). Columns: IMEI (or serial number),
 * model, device ID, optionally name (default: the IMEI) and ICCID, which pairs the new device
 * with that SIM card of the tenant when the card is not paired yet.
 */
export function deviceCsvImporter(db: Db, engine: SchemaEngine) {
  const devices = modelOf(engine, 'devices');
  const simcards = modelOf(engine, 'simcards');
  const dyn = db as unknown as DynamicDb;

  async function prepare(request: FastifyRequest, rows: PreparedRow[]) {
    const lang = request.language;
    const refused = new Map<number, FieldMessage[]>();
    for (const row of rows) if (row.record.name === undefined && typeof row.record.imei === 'string') row.record.name = row.record.imei;

    const wanted = rows.filter((r) => r.extra.iccid);
    if (!wanted.length) return refused;
    const tenantId = writeTenant(simcards, request);
    let q = dyn
      .selectFrom(`${simcards.table} as s`)
      .select(['s.id', 's.iccid', (eb) => eb.selectFrom(`${devices.table} as d`).select('d.name').whereRef('d.sim_card_id', '=', 's.id').where('d.is_deleted', '=', false).limit(1).as('paired_with')])
      .where('s.iccid', 'in', [...new Set(wanted.map((r) => r.extra.iccid!))])
      .where('s.is_deleted', '=', false);
    q = tenantId === null ? q.where('s.tenant_id', 'is', null) : q.where('s.tenant_id', '=', tenantId);
    const cards = new Map((await q.execute()).map((c) => [String(c.iccid), c]));
    const firstLine = new Map<string, number>();
    for (const row of wanted) {
      const iccid = row.extra.iccid!;
      const card = cards.get(iccid);
      const fail = (message: string) => refused.set(row.line, [{ member: 'iccid', message }]);
      if (!card) fail(translate('stock:errors.simNotFound', lang, { iccid }));
      else if (card.paired_with) fail(translate('stock:errors.simPaired', lang, { iccid, device: String(card.paired_with) }));
      else if (firstLine.has(iccid)) fail(translate('stock:errors.simTwice', lang, { iccid, line: firstLine.get(iccid)! }));
      else {
        firstLine.set(iccid, row.line);
        row.record.simCardId = card.id;
      }
    }
    return refused;
  }

  return uploadImporter(db, engine, devices, { extraColumns: { iccid: ['ICCID', 'SIM card', 'SIM'] }, filled: ['name'], prepare });
}
