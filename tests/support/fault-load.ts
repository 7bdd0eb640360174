import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';

/**
 * A steady ingest and API load for fault tests, with every answer kept (when, what), so a test can
 * say what happened during a fault and after it, and which positions were acknowledged.
 */
export interface Answer {
  at: number;
  status: number;
  /** For API answers: the ABP error code and the Retry-After header, when there were any. */
  code?: string | null;
  retryAfter?: string | null;
}

export interface LoadReport {
  ingest: Answer[];
  api: Answer[];
  /** Acknowledged (200) fixes: device id -> fix times in ms. */
  acknowledged: Map<string, number[]>;
  sent: number;
}

export interface Fleet {
  devices: { id: string; imei: string }[];
  /** Fix times start here (an hour ago, inside the accepted window) and step a second per message. */
  base: number;
}

/** Watches of their own for the load, owned by the demo carer (at one message a second each the rate limit never answers). */
export async function seedFleet(db: Db, count: number): Promise<Fleet> {
  const owner = await db.selectFrom('users').select(['id', 'tenant_id']).where('user_name', '=', 'caregiver').executeTakeFirstOrThrow();
  const devices = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), imei: `87${String(i).padStart(13, '0')}` }));
  await db
    .insertInto('devices')
    .values(devices.map((d, i) => ({ id: d.id, tenant_id: owner.tenant_id, owner_user_id: owner.id, name: `Fault watch ${i}`, imei: d.imei, model: 'watch4', concurrency_stamp: randomUUID() })))
    .execute();
  return { devices, base: Date.now() - 3600_000 };
}

export interface LoadOptions {
  ingestUrl: string;
  apiUrl: string;
  apiPath: string;
  token: string;
  fleet: Fleet;
  /** Ingest messages per second, spread over the fleet. */
  rate: number;
  apiClients: number;
}

/** Starts the load; `stop()` ends it and waits for every answer. */
export function startLoad(opts: LoadOptions): { stop(): Promise<LoadReport> } {
  const report: LoadReport = { ingest: [], api: [], acknowledged: new Map(), sent: 0 };
  const inFlight = new Set<Promise<void>>();
  const seq = new Map<string, number>();
  let stopped = false;
  let next = 0;

  const sendOne = () => {
    const device = opts.fleet.devices[next++ % opts.fleet.devices.length]!;
    const k = seq.get(device.id) ?? 0;
    seq.set(device.id, k + 1);
    const time = opts.fleet.base + k * 1000;
    const query = new URLSearchParams({ id: device.imei, timestamp: String(time / 1000), lat: String(55.6 + k * 1e-5), lon: '12.5', accuracy: '10', batt: '80' });
    report.sent++;
    const p = fetch(`${opts.ingestUrl}/?${query}`, { method: 'POST' })
      .then(async (res) => {
        await res.arrayBuffer();
        report.ingest.push({ at: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after') });
        if (res.status === 200) {
          const list = report.acknowledged.get(device.id) ?? [];
          list.push(time);
          report.acknowledged.set(device.id, list);
        }
      })
      .catch(() => void report.ingest.push({ at: Date.now(), status: 0 }))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const interval = 1000 / opts.rate;
  const started = Date.now();
  const ingestTimer = setInterval(() => {
    // Catch up after a late timer so the rate holds.
    const due = Math.floor((Date.now() - started) / interval);
    while (report.sent < due && !stopped) sendOne();
  }, 10);

  const apiLoop = async () => {
    while (!stopped) {
      try {
        const res = await fetch(`${opts.apiUrl}${opts.apiPath}`, { headers: { authorization: `Bearer ${opts.token}` } });
        const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
        report.api.push({ at: Date.now(), status: res.status, code: body.error?.code ?? null, retryAfter: res.headers.get('retry-after') });
      } catch {
        report.api.push({ at: Date.now(), status: 0 });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const apis = Array.from({ length: opts.apiClients }, apiLoop);

  return {
    async stop() {
      stopped = true;
      clearInterval(ingestTimer);
      await Promise.all(apis);
      while (inFlight.size) await Promise.all([...inFlight]);
      return report;
    },
  };
}

/** Acknowledged fixes that are not in the database (must be none). */
export async function lostPositions(db: Db, acknowledged: Map<string, number[]>): Promise<number> {
  let lost = 0;
  for (const [deviceId, times] of acknowledged) {
    const rows = await db.selectFrom('positions').select(sql<string>`(extract(epoch from fix_time) * 1000)::bigint::text`.as('t')).where('device_id', '=', deviceId).execute();
    const stored = new Set(rows.map((r) => Number(r.t)));
    lost += times.filter((t) => !stored.has(t)).length;
  }
  return lost;
}

/** Counts answers by status. */
export function byStatus(answers: Answer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

/** Polls until `check` holds; returns how long it took, or throws after `limitMs`. */
export async function waitUntil(check: () => Promise<boolean>, limitMs: number, stepMs = 100): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`not within ${limitMs} ms`);
}
