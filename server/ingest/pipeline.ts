import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { DeviceStates, type DeviceState } from './device-states';
import type { Fix } from './osmand';
import type { DeviceDirectory, DeviceInfo } from './device-directory';
import type { IngestCounters, Outcome } from './guards';
import { DEFAULT_LOW_BATTERY_THRESHOLD, evaluateBattery, evaluateZones, type ZoneDef } from '../alarms/evaluate';
import { recordEvents, type AlarmEvent } from '../alarms/dispatch';
import { kickMail } from '../mail';
import { insertPositions, writeStateAndRing, type DeviceChange, type PositionRow, type RingMessage, type StateChange } from './batch-writes';

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
  resolve: (result: 'stored' | 'duplicate') => void;
  reject: (error: Error) => void;
}

/** A deterministic UUID (for the message ring's slots). */
function slotId(key: string): string {
  const h = createHash('sha1').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An event of a fix (with the device's last known place when the fix has none). */
function eventOf(
  device: DeviceInfo,
  positionId: string,
  fix: Fix,
  state: Pick<DeviceState, 'latitude' | 'longitude'>,
  type: AlarmEvent['type'],
  attributes: AlarmEvent['attributes'] = {},
  geofenceId: string | null = null,
): AlarmEvent {
  return {
    id: randomUUID(),
    tenantId: device.tenantId,
    deviceId: device.id,
    deviceName: device.name,
    type,
    time: fix.fixTime,
    positionId: fix.latitude === null ? null : positionId,
    geofenceId,
    attributes: { latitude: fix.latitude ?? state.latitude, longitude: fix.longitude ?? state.longitude, ...attributes },
  };
}

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
  private readonly states = new DeviceStates();

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
        resolve,
        reject,
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
        for (const p of batch) p.reject(err instanceof Error ? err : new Error(String(err)));
      } else {
        this.log.warn({ err, size: batch.length }, 'ingest: batch failed, storing its messages one by one');
        for (const p of batch) {
          try {
            for (const f of p.fixes) f.stored = false;
            await this.write([p], []);
            this.settle([p]);
          } catch (one) {
            this.log.error({ err: one, device: p.uniqueId }, 'ingest: message could not be stored');
            p.reject(one instanceof Error ? one : new Error(String(one)));
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
      p.resolve(stored ? 'stored' : 'duplicate');
    }
  }

  private async write(batch: Pending[], logs: MessageLog[]): Promise<void> {
    const devices = new Map<string, DeviceInfo>();
    for (const p of batch) devices.set(p.device.id, p.device);
    for (const l of logs) if (l.device) devices.set(l.device.id, l.device);
    const deviceIds = [...devices.keys()].sort();
    const zones = await this.directory.zonesOf(batch.map((p) => p.device));
    const now = new Date();

    const written: DeviceState[] = [];
    const mailed = await this.db.transaction().execute(async (trx) => {
      const states = await this.states.lock(trx, deviceIds, (id) => devices.get(id)!.tenantId);

      const positions: PositionRow[] = [];
      for (const p of batch) {
        for (const f of p.fixes) {
          const { fix } = f;
          if (fix.latitude === null || fix.longitude === null) continue;
          positions.push({
            id: f.id,
            tenant_id: p.device.tenantId,
            device_id: p.device.id,
            fix_time: fix.fixTime,
            latitude: fix.latitude,
            longitude: fix.longitude,
            altitude: fix.altitude,
            speed: fix.speed,
            course: fix.course,
            accuracy: fix.accuracy,
            battery: fix.battery,
            valid: fix.valid,
            attributes: Object.keys(fix.attributes).length ? JSON.stringify(fix.attributes) : null,
          });
        }
      }
      const stored = await insertPositions(trx, positions);
      for (const p of batch) for (const f of p.fixes) f.stored = stored.has(f.id);

      const events: AlarmEvent[] = [];
      const updates = new Map<string, DeviceState & { zonesChanged: boolean }>();
      const deviceChanges: DeviceChange[] = [];
      for (const p of batch) {
        const state = updates.get(p.device.id) ?? { ...states.get(p.device.id)!, zonesChanged: false };
        const wasOnline = state.online;
        const fixes = p.fixes.filter((f) => f.stored || f.fix.latitude === null).sort((a, b) => a.fix.fixTime.getTime() - b.fix.fixTime.getTime());
        for (const { id, fix } of fixes) {
          if (fix.alarm) events.push(eventOf(p.device, id, fix, state, fix.alarm));
          const newer = !state.fix_time || fix.fixTime.getTime() > state.fix_time.getTime();
          if (!newer) continue;
          if (fix.battery !== null) {
            const battery = evaluateBattery(fix.battery, fix.charging, state.low_battery_threshold ?? DEFAULT_LOW_BATTERY_THRESHOLD, state.low_battery_alarmed);
            state.low_battery_alarmed = battery.alarmed;
            if (battery.alarm) events.push(eventOf(p.device, id, fix, state, 'lowBattery', { battery: Math.round(fix.battery) }));
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
          if (result.changed) state.zonesChanged = true;
          for (const e of result.events) events.push(eventOf(p.device, id, fix, state, e.type, { geofenceName: e.geofenceName }, e.geofenceId));
        }
        const before = states.get(p.device.id)!;
        const contactDue = !state.contact_synced || now.getTime() - state.contact_synced.getTime() >= CONTACT_SYNC_MS;
        // The devices row (indexed for the back office's lists) follows at most once a minute, at
        // once when the watch comes online or its low battery alarm changes; device_state is exact.
        if (!wasOnline || contactDue || state.low_battery_alarmed !== before.low_battery_alarmed) {
          deviceChanges.push({ id: p.device.id, battery: state.battery, contact: now });
          state.contact_synced = now;
        }
        state.online = true;
        updates.set(p.device.id, state);
      }

      // The raw message ring: slot = sequence number modulo MESSAGES_PER_DEVICE.
      const ring = new Map<string, RingMessage>();
      const seqs = new Map<string, number>();
      const toRing = (m: MessageLog, outcome: Outcome) => {
        let id: string;
        if (m.device) {
          const seq = seqs.get(m.device.id) ?? states.get(m.device.id)?.message_seq ?? 0;
          seqs.set(m.device.id, seq + 1);
          id = slotId(`${m.device.id}:${seq % MESSAGES_PER_DEVICE}`);
        } else {
          id = slotId(`unknown:${parseInt(createHash('sha1').update(m.uniqueId).digest('hex').slice(0, 8), 16) % UNKNOWN_SLOTS}`);
        }
        ring.set(id, { id, tenant_id: m.device?.tenantId ?? null, device_id: m.device?.id ?? null, unique_id: m.uniqueId.slice(0, 64), remote_address: m.remote, payload: m.payload.slice(0, 4000), outcome, detail: m.detail ?? null });
      };
      for (const p of batch) toRing(p, p.fixes.length === 0 || p.fixes.some((f) => f.stored || f.fix.latitude === null) ? 'stored' : 'duplicate');
      for (const l of logs) toRing(l, l.outcome);
      // Devices with a stored message get their new state; those with refused ones only the sequence.
      const stateChanges: StateChange[] = [];
      for (const id of deviceIds) {
        const s = updates.get(id);
        const message_seq = seqs.get(id) ?? states.get(id)!.message_seq;
        if (s) {
          const { zonesChanged, ...state } = s;
          stateChanges.push({ ...state, seen: now, zones: zonesChanged ? JSON.stringify(Object.fromEntries(s.zones)) : null, message_seq });
          written.push({ ...state, message_seq });
        } else if (seqs.has(id)) {
          stateChanges.push({ device_id: id, online: null, seen: null, fix_time: null, latitude: null, longitude: null, accuracy: null, battery: null, charging: null, low_battery_alarmed: null, zones: null, message_seq, contact_synced: null });
          written.push({ ...states.get(id)!, message_seq });
        }
      }
      await writeStateAndRing(trx, stateChanges, deviceChanges, [...ring.values()], now);
      return recordEvents(trx, events);
    });
    this.states.remember(written);
    if (mailed) kickMail();
  }
}
