import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { ZoneState } from './tables';
import type { Fix } from './osmand';
import type { DeviceDirectory, DeviceInfo } from './device-directory';
import type { IngestCounters, Outcome } from './guards';
import { DEFAULT_LOW_BATTERY_THRESHOLD, evaluateBattery, evaluateZones, type ZoneDef } from '../alarms/evaluate';
import { recordEvents, type AlarmEvent } from '../alarms/dispatch';
import { kickMail } from '../mail';

/** Raw messages kept per device for /troubleshoot (a ring: the newest replace the oldest). */
export const MESSAGES_PER_DEVICE = 50;
/** Slots for messages from unknown devices, shared by all of them. */
const UNKNOWN_SLOTS = 1000;
/** devices.last_contact is refreshed at most this often (device_state.last_seen is exact). */
const CONTACT_SYNC_MS = 60_000;
/** A batch is written when this many messages wait, or after FLUSH_DELAY_MS. */
const BATCH_SIZE = 800;
const FLUSH_DELAY_MS = 10;

export interface MessageLog {
  uniqueId: string;
  device: DeviceInfo | null;
  payload: string;
  remote: string | null;
  outcome: Outcome;
  detail?: string | null;
}

interface PendingFix {
  id: string;
  fix: Fix;
  stored: boolean;
}

interface Pending extends MessageLog {
  device: DeviceInfo;
  fixes: PendingFix[];
  done: (result: Error | 'stored' | 'duplicate') => void;
}

/** A deterministic UUID (for the message ring's slots). */
function slotId(key: string): string {
  const h = createHash('sha1').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type StateRow = {
  device_id: string;
  online: boolean;
  fix_time: Date | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  battery: number | null;
  charging: boolean | null;
  low_battery_alarmed: boolean;
  zones: Record<string, ZoneState>;
  message_seq: string;
  contact_synced: Date | null;
  low_battery_threshold: number | null;
};

/**
 * The ingest's write path. Requests hand over parsed messages and wait; messages are written in
 * batches, one transaction each: positions (replays dropped by the unique index), the devices'
 * state rows locked in key order, zone, alarm and battery evaluation, events with their mails and
 * in-app messages, the raw message ring, and the devices' battery, contact and status. A request
 * is answered once its batch is committed. A batch that fails is retried message by message, so a
 * message the database refuses fails alone and never holds back other devices' positions.
 */
export class IngestPipeline {
  private queue: Pending[] = [];
  private logs: MessageLog[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private idle: (() => void)[] = [];
  /** Batches written, messages in them and milliseconds spent writing (ingest stats, bench). */
  readonly stats = { batches: 0, messages: 0, writeMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly directory: DeviceDirectory,
    private readonly counters: IngestCounters,
    private readonly log: FastifyBaseLogger,
    private readonly maxParallel: number,
  ) {}

  /** Stores a known device's fixes; resolves 'duplicate' when every fix was seen before. */
  submit(message: Omit<MessageLog, 'outcome' | 'device'> & { device: DeviceInfo; fixes: Fix[] }): Promise<'stored' | 'duplicate'> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        ...message,
        outcome: 'stored',
        fixes: message.fixes.map((fix) => ({ id: randomUUID(), fix, stored: false })),
        done: (r) => (r instanceof Error ? reject(r) : resolve(r)),
      });
      this.schedule();
    });
  }

  /** Records a refused message (written with the next batch; the caller does not wait). */
  record(message: MessageLog): void {
    this.counters.add(message.outcome);
    if (this.logs.length < 10_000) this.logs.push(message);
    this.schedule();
  }

  /** Resolves when nothing waits or is being written. */
  async drain(): Promise<void> {
    while (this.queue.length || this.logs.length || this.running) {
      await new Promise<void>((resolve) => {
        this.idle.push(resolve);
        this.schedule();
      });
    }
  }

  private schedule(): void {
    if (this.running >= this.maxParallel) return;
    if (this.queue.length >= BATCH_SIZE) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
    } else if (!this.timer && (this.queue.length || this.logs.length)) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, FLUSH_DELAY_MS);
    } else if (!this.queue.length && !this.logs.length && !this.running) {
      for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, BATCH_SIZE);
    const logs = this.logs.splice(0);
    if (!batch.length && !logs.length) return this.schedule();
    this.running++;
    const began = performance.now();
    try {
      await this.write(batch, logs);
      this.stats.batches++;
      this.stats.messages += batch.length + logs.length;
      this.stats.writeMs += performance.now() - began;
      this.settle(batch);
    } catch (err) {
      if (batch.length + logs.length <= 1) {
        this.log.error({ err, device: batch[0]?.uniqueId }, 'ingest: message could not be stored');
        for (const p of batch) p.done(err instanceof Error ? err : new Error(String(err)));
      } else {
        this.log.warn({ err, size: batch.length }, 'ingest: batch failed, storing its messages one by one');
        for (const p of batch) {
          try {
            for (const f of p.fixes) f.stored = false;
            await this.write([p], []);
            this.settle([p]);
          } catch (one) {
            this.log.error({ err: one, device: p.uniqueId }, 'ingest: message could not be stored');
            p.done(one instanceof Error ? one : new Error(String(one)));
          }
        }
      }
    } finally {
      this.running--;
      this.schedule();
    }
  }

  private settle(batch: Pending[]): void {
    for (const p of batch) {
      const stored = p.fixes.length === 0 || p.fixes.some((f) => f.stored || f.fix.latitude === null);
      this.counters.add(stored ? 'stored' : 'duplicate');
      p.done(stored ? 'stored' : 'duplicate');
    }
  }

  private async write(batch: Pending[], logs: MessageLog[]): Promise<void> {
    const devices = new Map<string, DeviceInfo>();
    for (const p of batch) devices.set(p.device.id, p.device);
    for (const l of logs) if (l.device) devices.set(l.device.id, l.device);
    const deviceIds = [...devices.keys()].sort();
    const zones = await this.directory.zonesOf(batch.map((p) => p.device));
    const now = new Date();

    const mailed = await this.db.transaction().execute(async (trx) => {
      let states = new Map<string, StateRow>();
      if (deviceIds.length) {
        // Lock the devices' state rows in key order (concurrent batches never deadlock); a device's
        // first message creates its row.
        const lock = () =>
          trx
            .selectFrom('device_state')
            .select(['device_id', 'online', 'fix_time', 'latitude', 'longitude', 'accuracy', 'battery', 'charging', 'low_battery_alarmed', 'zones', 'message_seq', 'contact_synced', 'low_battery_threshold'])
            .where('device_id', 'in', deviceIds)
            .orderBy('device_id')
            .forUpdate()
            .execute();
        let rows = await lock();
        if (rows.length < deviceIds.length) {
          const have = new Set(rows.map((r) => r.device_id));
          await trx
            .insertInto('device_state')
            .values(deviceIds.filter((id) => !have.has(id)).map((id) => ({ device_id: id, tenant_id: devices.get(id)!.tenantId })))
            .onConflict((oc) => oc.column('device_id').doNothing())
            .execute();
          rows = await lock();
        }
        states = new Map(rows.map((r) => [r.device_id, r]));
      }

      // Positions: a fix already stored (a replay, a retry) conflicts and is left out.
      const rows = batch.flatMap((p) =>
        p.fixes
          .filter((f) => f.fix.latitude !== null && f.fix.longitude !== null)
          .map((f) => ({
            id: f.id,
            tenant_id: p.device.tenantId,
            device_id: p.device.id,
            fix_time: f.fix.fixTime,
            latitude: f.fix.latitude!,
            longitude: f.fix.longitude!,
            altitude: f.fix.altitude,
            speed: f.fix.speed,
            course: f.fix.course,
            accuracy: f.fix.accuracy,
            battery: f.fix.battery,
            valid: f.fix.valid,
            attributes: Object.keys(f.fix.attributes).length ? JSON.stringify(f.fix.attributes) : null,
          })),
      );
      if (rows.length) {
        const inserted = await trx.insertInto('positions').values(rows).onConflict((oc) => oc.columns(['device_id', 'fix_time']).doNothing()).returning('id').execute();
        const ids = new Set(inserted.map((r) => r.id));
        for (const p of batch) for (const f of p.fixes) f.stored = ids.has(f.id);
      }

      const events: AlarmEvent[] = [];
      const updates = new Map<string, StateRow & { seen: Date }>();
      const deviceChanges: { id: string; battery: number | null; contact: Date | null; online: boolean }[] = [];
      for (const p of batch) {
        const state = updates.get(p.device.id) ?? { ...states.get(p.device.id)!, seen: now };
        const wasOnline = state.online;
        const fixes = p.fixes.filter((f) => f.stored || f.fix.latitude === null).sort((a, b) => a.fix.fixTime.getTime() - b.fix.fixTime.getTime());
        for (const { id, fix } of fixes) {
          const event = (type: AlarmEvent['type'], attributes: AlarmEvent['attributes'] = {}, geofenceId: string | null = null) =>
            events.push({ id: randomUUID(), tenantId: p.device.tenantId, deviceId: p.device.id, deviceName: p.device.name, type, time: fix.fixTime, positionId: fix.latitude === null ? null : id, geofenceId, attributes: { latitude: fix.latitude ?? state.latitude, longitude: fix.longitude ?? state.longitude, ...attributes } });
          if (fix.alarm) event(fix.alarm);
          const newer = !state.fix_time || fix.fixTime.getTime() > state.fix_time.getTime();
          if (!newer) continue;
          if (fix.battery !== null) {
            const battery = evaluateBattery(fix.battery, fix.charging, state.low_battery_threshold ?? DEFAULT_LOW_BATTERY_THRESHOLD, state.low_battery_alarmed);
            state.low_battery_alarmed = battery.alarmed;
            if (battery.alarm) event('lowBattery', { battery: Math.round(fix.battery) });
            state.battery = Math.round(fix.battery);
          }
          if (fix.charging !== null) state.charging = fix.charging;
          if (fix.latitude === null || fix.longitude === null || !fix.valid) continue;
          state.fix_time = fix.fixTime;
          state.latitude = fix.latitude;
          state.longitude = fix.longitude;
          state.accuracy = fix.accuracy;
          const result = evaluateZones(zones.get(p.device.id) ?? ([] as ZoneDef[]), state.zones, { lat: fix.latitude, lng: fix.longitude }, fix.accuracy, fix.fixTime);
          state.zones = result.state;
          for (const e of result.events) event(e.type, { geofenceName: e.geofenceName }, e.geofenceId);
        }
        const before = states.get(p.device.id)!;
        const contactDue = !state.contact_synced || now.getTime() - state.contact_synced.getTime() >= CONTACT_SYNC_MS;
        if (!wasOnline || contactDue || state.battery !== before.battery) {
          deviceChanges.push({ id: p.device.id, battery: state.battery, contact: now, online: true });
          state.contact_synced = now;
        }
        state.online = true;
        updates.set(p.device.id, state);
      }

      // The raw message ring: slot = sequence number modulo MESSAGES_PER_DEVICE.
      const ring = new Map<string, { id: string; tenant_id: string | null; device_id: string | null; unique_id: string; protocol: string; remote_address: string | null; payload: string; outcome: Outcome; detail: string | null; received_time: Date }>();
      const seqs = new Map<string, number>();
      const all: MessageLog[] = [...batch.map((p) => ({ ...p, outcome: p.fixes.length === 0 || p.fixes.some((f) => f.stored || f.fix.latitude === null) ? ('stored' as const) : ('duplicate' as const) })), ...logs];
      for (const m of all) {
        let id: string;
        if (m.device) {
          const seq = seqs.get(m.device.id) ?? Number(states.get(m.device.id)?.message_seq ?? 0);
          seqs.set(m.device.id, seq + 1);
          id = slotId(`${m.device.id}:${seq % MESSAGES_PER_DEVICE}`);
        } else {
          id = slotId(`unknown:${parseInt(createHash('sha1').update(m.uniqueId).digest('hex').slice(0, 8), 16) % UNKNOWN_SLOTS}`);
        }
        ring.set(id, { id, tenant_id: m.device?.tenantId ?? null, device_id: m.device?.id ?? null, unique_id: m.uniqueId.slice(0, 64), protocol: 'osmand', remote_address: m.remote, payload: m.payload.slice(0, 4000), outcome: m.outcome, detail: m.detail ?? null, received_time: now });
      }
      // State, devices and the message ring in one statement (data-modifying CTEs): one round trip.
      const touched = deviceIds.filter((id) => updates.has(id) || seqs.has(id));
      const stateValues = touched.map((id) => {
        const s = updates.get(id);
        const seq = seqs.get(id) ?? Number(states.get(id)!.message_seq);
        return sql`(${id}::uuid, ${s ? true : null}::boolean, ${s?.seen ?? null}::timestamptz, ${s?.fix_time ?? null}::timestamptz, ${s?.latitude ?? null}::float8, ${s?.longitude ?? null}::float8, ${s?.accuracy ?? null}::real, ${s?.battery ?? null}::int, ${s?.charging ?? null}::boolean, ${s?.low_battery_alarmed ?? null}::boolean, ${s ? JSON.stringify(s.zones) : null}::jsonb, ${seq}::bigint, ${s?.contact_synced ?? null}::timestamptz)`;
      });
      const deviceValues = deviceChanges.map((d) => sql`(${d.id}::uuid, ${d.battery}::int, ${d.contact}::timestamptz)`);
      const ringValues = [...ring.values()].map(
        (m) => sql`(${m.id}::uuid, ${m.tenant_id}::uuid, ${m.device_id}::uuid, ${m.unique_id}, ${m.protocol}, ${m.remote_address}, ${m.payload}, ${m.outcome}, ${m.detail}, ${m.received_time}::timestamptz)`,
      );
      const stateCte = stateValues.length
        ? sql`update device_state as s set
            online = coalesce(v.online, s.online), last_seen = coalesce(v.seen, s.last_seen),
            fix_time = coalesce(v.fix_time, s.fix_time), latitude = coalesce(v.latitude, s.latitude),
            longitude = coalesce(v.longitude, s.longitude), accuracy = case when v.online then v.accuracy else s.accuracy end,
            battery = coalesce(v.battery, s.battery), charging = coalesce(v.charging, s.charging),
            low_battery_alarmed = coalesce(v.alarmed, s.low_battery_alarmed), zones = coalesce(v.zones, s.zones),
            message_seq = v.seq, contact_synced = coalesce(v.synced, s.contact_synced)
          from (values ${sql.join(stateValues)}) as v(device_id, online, seen, fix_time, latitude, longitude, accuracy, battery, charging, alarmed, zones, seq, synced)
          where s.device_id = v.device_id returning 1`
        : sql`select 1`;
      const devicesCte = deviceValues.length
        ? sql`update devices as d set battery_level = coalesce(v.battery, d.battery_level), last_contact = v.contact, status = 'online'
          from (values ${sql.join(deviceValues)}) as v(id, battery, contact) where d.id = v.id returning 1`
        : sql`select 1`;
      await sql`
        with state as (${stateCte}), changed as (${devicesCte})
        insert into device_messages (id, tenant_id, device_id, unique_id, protocol, remote_address, payload, outcome, detail, received_time)
        values ${sql.join(ringValues)}
        on conflict (id) do update set tenant_id = excluded.tenant_id, device_id = excluded.device_id, unique_id = excluded.unique_id,
          remote_address = excluded.remote_address, payload = excluded.payload, outcome = excluded.outcome, detail = excluded.detail,
          received_time = excluded.received_time`.execute(trx);
      return recordEvents(trx, events);
    });
    if (mailed) kickMail();
  }
}
