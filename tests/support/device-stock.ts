import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database';
import type { TestServer } from './server';

/** Helpers of the device stock tests: unique IMEIs, protocol IDs and ICCIDs, raw device messages, Excel downloads. */
let serial = 0;
export const imei = () => `35${String(Date.now()).slice(-7)}${String(++serial).padStart(6, '0')}`;
/** A 3G watch's 10-digit ID (a device's protocolId). */
export const protocolId = () => `${String(Date.now()).slice(-6)}${String(++serial).padStart(4, '0')}`;
export const iccid = () => `8945${String(Date.now()).slice(-9)}${String(++serial).padStart(6, '0')}`;

/** A device_messages row as the ingest writes it. */
export async function insertDeviceMessage(db: Db, device: { id: string; tenant_id: string | null; imei: string }, payload: string, outcome: 'stored' | 'duplicate' | 'rejected' | 'rateLimited' = 'stored', receivedTime = new Date()) {
  await db
    .insertInto('device_messages')
    .values({ id: randomUUID(), tenant_id: device.tenant_id, device_id: device.id, unique_id: device.imei, protocol: 'osmand', remote_address: '127.0.0.1', payload, outcome, detail: outcome === 'stored' ? null : `test ${outcome}`, received_time: receivedTime })
    .execute();
}

/** GET an xlsx and read its first sheet as rows of cell values. */
export async function downloadSheet(server: TestServer, token: string, path: string, lang = 'en') {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  if (res.status !== 200) return { status: res.status, rows: [] as unknown[][], disposition: null };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { status: res.status, rows, disposition: res.headers.get('content-disposition'), contentType: res.headers.get('content-type') };
}
