import { strToU8, Zip, ZipDeflate } from 'fflate';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { csvLine, type CsvValue } from './csv';
import { inList } from './erasure-steps';
import { alarmsOf, devicesOf, historyCounts, invoicesOf, profileOf, receiversOf } from './export-data';
import type { Subject } from './subject';

/** Rows read at a time from positions and events (keyset paged: millions of rows never sit in memory at once as rows). */
export const EXPORT_BATCH_ROWS = 10_000;

export const POSITION_COLUMNS = ['id', 'device_id', 'fix_time', 'server_time', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy', 'battery', 'valid', 'attributes'] as const;
export const EVENT_COLUMNS = ['id', 'device_id', 'type', 'event_time', 'position_id', 'geofence_id', 'attributes'] as const;

export interface ExportMeta {
  exportId: string;
  requestedBy: string;
  createdAt: Date;
}

/** A zip being written: files are added one after another, their bytes kept until the end. */
class ZipWriter {
  private readonly chunks: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((err, data) => {
    if (err) this.failure = err;
    else this.chunks.push(data);
  });

  open(name: string) {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    return { write: (text: string) => file.push(strToU8(text)), close: () => file.push(new Uint8Array(0), true) };
  }

  json(name: string, value: unknown): void {
    const file = this.open(name);
    file.write(JSON.stringify(value, null, 2));
    file.close();
  }

  finish(): Uint8Array {
    this.zip.end();
    if (this.failure) throw this.failure;
    const out = new Uint8Array(this.chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

/**
 * One history table as CSV, read in keyset-paged batches ordered by (device_id, time, id), so a
 * batch never repeats or skips a row however many share a time. Answers the rows written.
 */
async function writeHistory(
  db: Db,
  zip: ZipWriter,
  name: string,
  table: 'positions' | 'device_events',
  timeColumn: 'fix_time' | 'event_time',
  columns: readonly string[],
  subject: Subject,
  onBatch: (rows: number) => Promise<void>,
): Promise<number> {
  const file = zip.open(name);
  file.write(csvLine(columns));
  let after: { device_id: string; time: Date; id: string } | undefined;
  let total = 0;
  for (;;) {
    const page = after ? sql<boolean>`(device_id, ${sql.ref(timeColumn)}, id) > (${after.device_id}, ${after.time}, ${after.id})` : sql<boolean>`true`;
    const { rows } = await sql<Record<string, CsvValue>>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}
        where ${inList('device_id', subject.deviceIds)} and ${page}
        order by device_id, ${sql.ref(timeColumn)}, id limit ${EXPORT_BATCH_ROWS}`.execute(db);
    if (rows.length === 0) break;
    file.write(rows.map((r) => csvLine(columns.map((c) => r[c]))).join(''));
    total += rows.length;
    const last = rows[rows.length - 1]!;
    after = { device_id: String(last.device_id), time: last[timeColumn] as Date, id: String(last.id) };
    await onBatch(rows.length);
    if (rows.length < EXPORT_BATCH_ROWS) break;
  }
  file.close();
  return total;
}

/**
 * The archive of everything Vigil holds about the subject (GDPR articles 15 and 20): JSON for the
 * records, CSV for the history, a manifest naming every file. `progress` is told 0-99 as it goes.
 */
export async function buildExport(db: Db, subject: Subject, meta: ExportMeta, progress: (percent: number) => Promise<void>): Promise<Uint8Array> {
  const zip = new ZipWriter();
  const counts = await historyCounts(db, subject);
  // The records are a small part of the work; the history is counted row by row.
  const work = counts.positions + counts.events + 1;
  let done = 0;
  const step = async (rows: number) => {
    done += rows;
    await progress(Math.min(99, 10 + Math.floor((done / work) * 89)));
  };

  const profile = await profileOf(db, subject);
  const devices = await devicesOf(db, subject);
  const receivers = await receiversOf(db, subject);
  const alarms = await alarmsOf(db, subject);
  const invoices = await invoicesOf(db, subject);
  zip.json('profile.json', profile);
  zip.json('devices.json', devices);
  zip.json('receivers.json', receivers);
  zip.json('alarms.json', alarms);
  zip.json('invoices.json', invoices);
  await progress(10);
  const positions = await writeHistory(db, zip, 'positions.csv', 'positions', 'fix_time', POSITION_COLUMNS, subject, step);
  const events = await writeHistory(db, zip, 'events.csv', 'device_events', 'event_time', EVENT_COLUMNS, subject, step);

  const list = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  zip.json('manifest.json', {
    format: 'vigil-personal-data-export/1',
    exportId: meta.exportId,
    subject: { type: subject.type, id: subject.id, name: subject.name },
    requestedBy: meta.requestedBy,
    requestedAt: meta.createdAt.toISOString(),
    createdAt: new Date().toISOString(),
    files: [
      { name: 'profile.json', content: 'The person: the citizen record, or the carer account with its preferences, sign-in methods and sessions' },
      { name: 'devices.json', content: 'Devices, their live state and connections, settings, commands and linked geofences', rows: list(devices.devices) },
      { name: 'receivers.json', content: 'Alarm receivers of the devices', rows: receivers.length },
      { name: 'alarms.json', content: 'Alarm messages and acknowledgments', rows: list(alarms.messages) },
      { name: 'invoices.json', content: 'Billing details, subscriptions and invoices', rows: list(invoices.invoices) },
      { name: 'positions.csv', content: 'Positions, one per row (RFC 4180, ISO 8601 UTC times)', rows: positions },
      { name: 'events.csv', content: 'Device events, one per row (RFC 4180, ISO 8601 UTC times)', rows: events },
    ],
    counts: { devices: list(devices.devices), receivers: receivers.length, alarms: list(alarms.messages), invoices: list(invoices.invoices), positions, events },
  });
  return zip.finish();
}
