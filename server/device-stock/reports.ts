import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import { fieldLabel } from '../schema-engine/resource-model';
import { enumLabel } from '../schema-engine/labels';
import { modelOf } from '../schema-engine/records';
import { visibleDevices } from './scope';
import { applyStockFilters, selectStock, stockRecord } from './stock-list';
import type { AlarmsReportQuery, StockFilters } from './route-schemas';

/**
 * The data reports of device stock as Excel files (datareport/devices, devicesByTenant,
 * devicealarms): headers in the reader's language, times as real dates, codes as their labels.
 * At most 10,000 rows; more is refused so that a truncated file is never taken for the whole.
 */
export const MAX_REPORT_ROWS = 10_000;

interface Column {
  key: string;
  header: string;
  numFmt?: string;
}

/** One sheet with a bold, frozen, filterable header row. */
export async function sheetFile(title: string, columns: Column[], rows: Record<string, ExcelJS.CellValue>[]): Promise<Buffer> {
  // A large library most server processes never need: loaded on the first report.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Vigil';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 2), ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function refuseTooMany(count: number, lang: string) {
  if (count <= MAX_REPORT_ROWS) return;
  const message = translate('export.tooManyRows', lang, { count: MAX_REPORT_ROWS });
  throw badRequest(message, [{ message, members: ['filter'] }]);
}

const TIME = 'yyyy-mm-dd hh:mm';
const t = (key: string, lang: string) => translate(`stock:${key}`, lang);

export async function devicesReport(db: Db, engine: SchemaEngine, request: FastifyRequest, filters: StockFilters) {
  const lang = request.language;
  const devices = modelOf(engine, 'devices').schema;
  const rows = await selectStock(engine, applyStockFilters(engine, visibleDevices(db, request), filters))
    .orderBy('d.name')
    .orderBy('d.id')
    .limit(MAX_REPORT_ROWS + 1)
    .execute();
  refuseTooMany(rows.length, lang);
  const field = (name: string) => fieldLabel(devices, name, lang);
  const columns: Column[] = [
    { key: 'name', header: field('name') },
    { key: 'imei', header: field('imei') },
    { key: 'deviceId', header: field('deviceId') },
    { key: 'model', header: field('model') },
    { key: 'iccid', header: t('fields.iccid', lang) },
    { key: 'tenantName', header: t('fields.tenant', lang) },
    { key: 'customerName', header: t('fields.customer', lang) },
    { key: 'organizationName', header: t('fields.organization', lang) },
    { key: 'inUse', header: t('fields.inUse', lang) },
    { key: 'status', header: field('status') },
    { key: 'subscriptionStatus', header: field('subscriptionStatus') },
    { key: 'batteryLevel', header: field('batteryLevel'), numFmt: '0' },
    { key: 'lastContact', header: field('lastContact'), numFmt: TIME },
    { key: 'stopReason', header: t('fields.stopReason', lang) },
    { key: 'stopTime', header: t('fields.stopTime', lang), numFmt: TIME },
    { key: 'exchangeState', header: t('fields.exchangeState', lang) },
    { key: 'salesType', header: t('fields.salesType', lang) },
  ];
  const cells = rows.map(stockRecord).map((r) => ({
    ...r,
    model: r.model ? enumLabel(devices, 'model', r.model, lang) : null,
    inUse: t(r.inUse ? 'report.yes' : 'report.no', lang),
    status: enumLabel(devices, 'status', r.status, lang),
    subscriptionStatus: enumLabel(devices, 'subscriptionStatus', r.subscriptionStatus, lang),
    lastContact: r.lastContact ? new Date(r.lastContact) : null,
    stopReason: r.stopReason ? t(`stopReasons.${r.stopReason}`, lang) : null,
    stopTime: r.stopTime ? new Date(r.stopTime) : null,
    exchangeState: r.exchangeState ? t(`exchangeStates.${r.exchangeState}`, lang) : null,
    salesType: t(`salesTypes.${r.salesType}`, lang),
  }));
  return sheetFile(t('report.devices', lang), columns, cells);
}

/** Host only: one line per tenant (and the host's own stock) with its device counts. */
export async function devicesByTenantReport(db: Db, request: FastifyRequest) {
  const lang = request.language;
  const rows = await db
    .selectFrom('devices as d')
    .leftJoin('tenants as t', 't.id', 'd.tenant_id')
    .where('d.is_deleted', '=', false)
    .select([
      't.name as tenant_name',
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) filter (where d.owner_user_id is not null and d.stop_reason is null)`.as('in_use'),
      sql<string>`count(*) filter (where d.owner_user_id is null and d.stop_reason is null)`.as('in_stock'),
      sql<string>`count(*) filter (where d.stop_reason is not null)`.as('stopped'),
      sql<string>`count(*) filter (where d.status = 'online')`.as('online'),
      sql<string>`count(*) filter (where d.subscription_status = 'active' and d.owner_user_id is not null)`.as('active'),
      sql<string>`count(*) filter (where d.subscription_status = 'paused' and d.owner_user_id is not null)`.as('paused'),
    ])
    .groupBy('t.name')
    .orderBy('t.name')
    .execute();
  const keys = ['total', 'inUse', 'inStock', 'stopped', 'online', 'active', 'paused'] as const;
  const columns: Column[] = [{ key: 'tenant', header: t('fields.tenant', lang) }, ...keys.map((k) => ({ key: k, header: t(`report.${k}`, lang), numFmt: '0' }))];
  const cells = rows.map((r) => ({
    tenant: r.tenant_name ?? t('report.host', lang),
    total: Number(r.total),
    inUse: Number(r.in_use),
    inStock: Number(r.in_stock),
    stopped: Number(r.stopped),
    online: Number(r.online),
    active: Number(r.active),
    paused: Number(r.paused),
  }));
  return sheetFile(t('report.devicesByTenant', lang), columns, cells);
}

/** The device events (alarms) in a time window (from/to, default the last 30 days), optionally of one device or type. */
export async function deviceAlarmsReport(db: Db, request: FastifyRequest, query: AlarmsReportQuery) {
  const lang = request.language;
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * 24 * 3600 * 1000);
  let q = visibleDevices(db, request).innerJoin('device_events as e', 'e.device_id', 'd.id').where('e.event_time', '>=', from).where('e.event_time', '<=', to);
  if (query.deviceId) q = q.where('d.id', '=', query.deviceId);
  if (query.type) q = q.where('e.type', '=', query.type);
  const rows = await q
    .select(['e.event_time', 'e.type', 'e.attributes', 'd.name', 'd.imei', sql<string | null>`(select t.name from tenants t where t.id = d.tenant_id)`.as('tenant_name')])
    .orderBy('e.event_time', 'desc')
    .limit(MAX_REPORT_ROWS + 1)
    .execute();
  refuseTooMany(rows.length, lang);
  const columns: Column[] = [
    { key: 'time', header: t('report.time', lang), numFmt: 'yyyy-mm-dd hh:mm:ss' },
    { key: 'device', header: t('fields.device', lang) },
    { key: 'imei', header: t('fields.imei', lang) },
    { key: 'tenant', header: t('fields.tenant', lang) },
    { key: 'type', header: t('report.eventType', lang) },
    { key: 'details', header: t('report.details', lang) },
  ];
  const label = (type: string) => {
    const text = translate(`stock:eventTypes.${type}`, lang);
    return text === `eventTypes.${type}` ? type : text;
  };
  const cells = rows.map((r) => ({
    time: new Date(r.event_time),
    device: r.name,
    imei: r.imei,
    tenant: r.tenant_name ?? t('report.host', lang),
    type: label(r.type),
    details: Object.keys(r.attributes ?? {}).length ? JSON.stringify(r.attributes) : null,
  }));
  return sheetFile(t('report.deviceAlarms', lang), columns, cells);
}
