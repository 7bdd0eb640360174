import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { DeviceStates, type DeviceState, type StateExpectation } from './device-states';
import type { Fix } from '../protocols/types';
import type { DeviceDirectory, DeviceInfo } from './device-directory';
import type { IngestCounters } from './guards';
import type { ZoneDef } from '../alarms/evaluate';
import { recordEvents } from '../alarms/record';
import { notifyDeviceStates } from '../alarms/channels/device-states';
import type { DeliverOptions } from '../alarms/deliver';
import { kickMail } from '../mail';
import { isConnectionError } from '../db/health';
import { RefusedMessages } from './refused-messages';
import type { MessageLog } from './message-log';
import { placeByWifi } from './network-place';
import { enqueueGeolocation } from './geolocation-queue';
import { insertPositions, writeBatch } from './batch-writes';
import { writtenOutcome, type Pending, type Submitted } from './pending';
import { positionRows } from './batch-positions';
import { evaluateBatch } from './batch-evaluation';
import { stateRows } from './batch-state-rows';

export type { QueuedCommand, Submitted } from './pending';

/** A batch is written when this many messages wait, or after FLUSH_DELAY_MS. */
const BATCH_SIZE = 800;
const FLUSH_DELAY_MS = 10;

/** A batch evaluated on kept states found one of them stale (or a replay among its fixes): it is undone and written again. */
class KeptStateStale extends Error {}

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
  private readonly refused: RefusedMessages;
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private idle: (() => void)[] = [];
  /** Batches written, messages in them, milliseconds spent writing, batches written again on locked rows (ingest stats, bench). */
  readonly stats = { batches: 0, messages: 0, writeMs: 0, rewritten: 0 };
  private readonly states = new DeviceStates();

  constructor(
    private readonly db: Db,
    private readonly directory: DeviceDirectory,
    private readonly counters: IngestCounters,
    private readonly log: FastifyBaseLogger,
    private readonly maxParallel: number,
    /** What alarm texts need of the configuration (PUBLIC_URL for their links). */
    private readonly alarms: Partial<DeliverOptions> = {},
    /** A geolocation service is configured: fixes without a place are geolocated by a job after commit. */
    private readonly geolocating = false,
  ) {
    this.refused = new RefusedMessages(log);
  }

  /**
   * Stores a known device's fixes; resolves 'duplicate' when every fix was seen before. With
   * `handsCommands` (OsmAnd, whose answer carries a queued command) the device's oldest queued
   * command is read in the same round trip; a watch on a live connection gets its commands from
   * server/ingest/tcp instead.
   */
  submit(message: Omit<MessageLog, 'outcome' | 'device'> & { device: DeviceInfo; fixes: Fix[]; handsCommands?: boolean }): Promise<Submitted> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        uniqueId: message.uniqueId,
        device: message.device,
        payload: message.payload,
        remote: message.remote,
        detail: message.detail,
        outcome: 'stored',
        fixes: message.fixes.map((fix) => ({ id: randomUUID(), fix, stored: false })),
        handsCommands: message.handsCommands ?? true,
        resolve,
        reject,
      });
      this.schedule();
    });
  }

  /** Records a refused message (written with the next batch; the caller does not wait). */
  record(message: MessageLog): void {
    this.counters.add(message.outcome);
    this.refused.add(message);
    this.schedule();
  }

  /** Resolves when nothing waits or is being written. */
  async drain(): Promise<void> {
    while (this.queue.length || this.refused.length || this.running) {
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
    } else if (!this.timer && (this.queue.length || this.refused.length)) {
      const held = this.queue.length ? 0 : this.refused.holdMs();
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, Math.max(FLUSH_DELAY_MS, held));
    } else if (!this.queue.length && !this.refused.length && !this.running) {
      for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, BATCH_SIZE);
    const logs = this.refused.take();
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
      if (isConnectionError(err)) {
        // The database is away: nothing of the batch is acknowledged (each watch sends it again),
        // and trying message by message would only fail 800 times more.
        for (const p of batch) p.reject(err instanceof Error ? err : new Error(String(err)));
        this.refused.putBack(logs);
      } else if (batch.length + logs.length <= 1) {
        this.log.error({ err, device: batch[0]?.device.id }, 'ingest: message could not be stored');
        for (const p of batch) p.reject(err instanceof Error ? err : new Error(String(err)));
      } else {
        this.log.warn({ err, size: batch.length }, 'ingest: batch failed, storing its messages one by one');
        for (const p of batch) {
          try {
            for (const f of p.fixes) f.stored = false;
            await this.write([p], []);
            this.settle([p]);
          } catch (one) {
            this.log.error({ err: one, device: p.device.id }, 'ingest: message could not be stored');
            p.reject(one instanceof Error ? one : new Error(String(one)));
          }
        }
        await this.writeLogs(logs);
      }
    } finally {
      this.running--;
      this.schedule();
    }
  }

  /**
   * The refused messages of a failed batch, for the troubleshooting ring: written together, and
   * when that fails one by one (a message the database refuses is dropped alone, and logged).
   */
  private async writeLogs(logs: MessageLog[]): Promise<void> {
    if (!logs.length) return;
    try {
      await this.write([], logs);
      return;
    } catch (err) {
      if (isConnectionError(err)) return this.refused.putBack(logs);
      if (logs.length === 1) return void this.log.error({ err, device: logs[0]!.device?.id ?? null }, 'ingest: refused message could not be kept');
    }
    for (const [i, l] of logs.entries()) {
      try {
        await this.write([], [l]);
      } catch (err) {
        if (isConnectionError(err)) return this.refused.putBack(logs.slice(i));
        this.log.error({ err, device: l.device?.id ?? null }, 'ingest: refused message could not be kept');
      }
    }
  }

  private settle(batch: Pending[]): void {
    for (const p of batch) {
      const outcome = writtenOutcome(p);
      this.counters.add(outcome);
      p.resolve({ outcome, command: p.command ?? null });
    }
  }


  private async write(batch: Pending[], logs: MessageLog[]): Promise<void> {
    const devices = new Map<string, DeviceInfo>();
    for (const p of batch) devices.set(p.device.id, p.device);
    for (const l of logs) if (l.device) devices.set(l.device.id, l.device);
    const deviceIds = [...devices.keys()].sort();
    const zones = await this.directory.zonesOf(batch.map((p) => p.device));
    await placeByWifi(this.db, batch);
    const now = new Date();
    // The usual case on one node: every device's state is kept here, so the batch is evaluated
    // without reading or locking them, and its one statement updates them only where they are
    // still as kept. Where one is not (another node or the offline check wrote it, a setting
    // changed) or a fix turns out to be a replay, it is undone and written again on locked rows.
    // Its rows are updated in device order, as `lock` takes them, so batches sharing a device wait
    // for each other rather than deadlock.
    const kept = this.states.keptCopies(deviceIds);
    if (kept) {
      try {
        return await this.writeOnce(batch, logs, deviceIds, devices, zones, now, kept);
      } catch (err) {
        if (!(err instanceof KeptStateStale)) throw err;
        this.stats.rewritten++;
      }
    }
    return this.writeOnce(batch, logs, deviceIds, devices, zones, now, undefined);
  }

  private async writeOnce(
    batch: Pending[],
    logs: MessageLog[],
    deviceIds: string[],
    devices: Map<string, DeviceInfo>,
    zones: Map<string, ZoneDef[]>,
    now: Date,
    kept: { states: Map<string, DeviceState>; expected: Map<string, StateExpectation> } | undefined,
  ): Promise<void> {
    let written: DeviceState[] = [];
    const mailed = await this.db.transaction().execute(async (trx) => {
      const states = kept?.states ?? (await this.states.lock(trx, deviceIds, (id) => devices.get(id)!.tenantId));

      const { positions, atLastKnown } = positionRows(batch, states);
      if (kept) {
        // Assumed stored; the statement's count of inserted positions tells whether they all were.
        for (const p of batch) for (const f of p.fixes) f.stored = (f.fix.latitude !== null && f.fix.longitude !== null) || atLastKnown.has(f.id);
      } else {
        const stored = await insertPositions(trx, positions);
        for (const p of batch) for (const f of p.fixes) f.stored = stored.has(f.id);
      }

      const { events, updated, zonesChanged, deviceChanges } = evaluateBatch(batch, states, zones, atLastKnown, now);
      const rows = stateRows(batch, logs, deviceIds, states, { updated, zonesChanged }, now, kept?.expected);
      const { stateChanges } = rows;
      // Kept by the node once committed; a batch written again (KeptStateStale) writes its own.
      written = rows.written;
      deviceChanges.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const counts = await writeBatch(trx, stateChanges, deviceChanges, rows.ring, now, kept ? positions : [], [...new Set(batch.filter((p) => p.handsCommands).map((p) => p.device.id))]);
      if (kept && (counts.positions !== positions.length || counts.states !== stateChanges.length)) throw new KeptStateStale();
      // The owners' open dashboards hear of the devices rows just refreshed (live watch cards).
      await notifyDeviceStates(trx, deviceChanges.map((c) => c.id));
      // Each queued command goes out in one answer: the device's first message of the batch.
      const handed = new Set<string>();
      for (const p of batch) {
        p.command = handed.has(p.device.id) ? null : (counts.commands.get(p.device.id) ?? null);
        handed.add(p.device.id);
      }
      if (this.geolocating) await enqueueGeolocation(trx, batch, atLastKnown);
      return recordEvents(trx, events, this.alarms);
    });
    this.states.remember(written);
    if (mailed) kickMail();
  }
}
