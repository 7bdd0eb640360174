import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database';
import { completeJob, pruneJobs, type Job, type JobKind, type JobOutcome } from '../jobs';
import { isUuid } from '../http/uuid';
import { queryOf } from '../geolocation/google-format';
import type { GeolocationService } from '../geolocation/service';
import { DeviceRateLimiter } from './guards';
import { GEOLOCATE, type GeolocateJob } from './geolocation-queue';
import { insertPlacedPosition, lockState, moveStateTo, placePosition, positionAtLastKnown, positionExists, type PositionKey } from './geolocated-writes';

/**
 * Runs a position.geolocate job (server/ingest/geolocation-queue.ts): asks the service where the
 * fix's networks are, and places its position there, marked approximate, located by 'geolocation'.
 * The device's state follows for display when it is its newest fix; zones are never evaluated on
 * it. A failed call is tried again with a growing wait; one the service cannot answer (not found,
 * a request it refuses) or still failing after the last attempt leaves the position where it was.
 * Nothing of the fix (networks, place) reaches the log or the job's error text.
 */

/** Attempts of one fix, then it stays at its last known place: 10, 20, 40, 80, 160 s apart. */
const MAX_ATTEMPTS = 6;
const backoff = (attempts: number) => Math.min(10_000 * 2 ** (attempts - 1), 10 * 60_000);
/** A job waits this long at most for its node's rate limit, then makes way and comes back. */
const MAX_TOKEN_WAIT_MS = 2_000;
/** Done jobs (one per network-only fix) are removed after this long; this often at most, per node. */
const KEEP_DONE_MS = 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** A failing service is logged at most this often per node. */
const WARN_EVERY_MS = 60_000;
const LIMIT_KEY = 'geolocation';

export interface GeolocateJobOptions {
  /** Requests to the service this node makes at most per minute (GEOLOCATION_PER_MINUTE). */
  perMinute: number;
  log: { warn(obj: object, msg: string): void };
}

/** The payload's position, or null when it is not one (the stored JSON is checked, not trusted). */
function keyOf(p: GeolocateJob): PositionKey | null {
  const fixTime = new Date(String(p.fixTime));
  if (typeof p.deviceId !== 'string' || !isUuid(p.deviceId) || typeof p.positionId !== 'string' || !isUuid(p.positionId) || Number.isNaN(fixTime.getTime())) return null;
  return { deviceId: p.deviceId, positionId: p.positionId, fixTime };
}

/** What the fix to place is: the networks to ask about, and whether it may move the device's state. */
async function fixOf(db: Db, key: PositionKey, p: GeolocateJob): Promise<{ attributes: Record<string, unknown> } | null> {
  if (p.unplaced) {
    if (await positionExists(db, key.deviceId, key.fixTime)) return null;
    try {
      const attributes: unknown = JSON.parse(String(p.unplaced.attributes));
      return typeof attributes === 'object' && attributes !== null && !Array.isArray(attributes) ? { attributes: attributes as Record<string, unknown> } : null;
    } catch {
      return null;
    }
  }
  const attributes = await positionAtLastKnown(db, key);
  return attributes ? { attributes } : null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function geolocateJobKind(db: Db, service: GeolocationService | null, options: GeolocateJobOptions): JobKind<typeof GEOLOCATE> {
  const perMinute = Math.max(1, options.perMinute);
  const refillMs = 60_000 / perMinute;
  const limiter = new DeviceRateLimiter(Math.min(10, perMinute), refillMs);
  let lastPrune = 0;
  let lastWarn = 0;

  /** A token of this node's rate limit, waited for a little; false when it would take longer. */
  const token = async (signal: AbortSignal): Promise<boolean> => {
    const until = Date.now() + MAX_TOKEN_WAIT_MS;
    while (!limiter.take(LIMIT_KEY)) {
      if (Date.now() + refillMs > until || signal.aborted) return false;
      await sleep(refillMs, undefined, { signal }).catch(() => undefined);
    }
    return true;
  };

  const prune = async () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await pruneJobs(db, [GEOLOCATE], KEEP_DONE_MS).catch((err: unknown) => options.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'geolocation: done jobs not removed; tried again later'));
  };

  async function run(job: Job<GeolocateJob>, signal: AbortSignal): Promise<JobOutcome> {
    const key = keyOf(job.payload);
    if (!key) return { failed: 'malformed payload' };
    const fix = await fixOf(db, key, job.payload);
    const query = fix && queryOf(fix.attributes.network);
    // Placed already, gone, or nothing to ask about; or the service was turned off since.
    if (!fix || !query || !service) return;
    if (!(await token(signal))) return { retryAt: new Date(Date.now() + Math.max(refillMs, 1_000)), note: 'rate limit of this node' };

    const result = await service.locate(query, signal);
    if (!result.ok) {
      if (Date.now() - lastWarn >= WARN_EVERY_MS) {
        lastWarn = Date.now();
        options.log.warn({ reason: result.reason, job: job.id }, 'geolocation: the service gave no place; the fix stays at its last known place for now');
      }
      if (result.retry && job.attempts < MAX_ATTEMPTS) return { retryAt: new Date(Date.now() + backoff(job.attempts)), note: `geolocation: ${result.reason}` };
      return;
    }
    const { place } = result;
    await db.transaction().execute(async (trx) => {
      await lockState(trx, key.deviceId);
      const u = job.payload.unplaced;
      const placed = u
        ? await insertPlacedPosition(trx, key, { tenantId: typeof u.tenantId === 'string' ? u.tenantId : null, altitude: num(u.altitude), speed: num(u.speed), course: num(u.course), battery: num(u.battery), attributes: fix.attributes }, place)
        : await placePosition(trx, key, place);
      // A fix outside the evaluation window is history only, as the ingest keeps it.
      if (placed && fix.attributes.window === undefined) await moveStateTo(trx, key, place);
      await completeJob(trx, job);
    });
  }

  return {
    kind: GEOLOCATE,
    maxAttempts: MAX_ATTEMPTS,
    backoff,
    concurrency: 4,
    leaseMs: 60_000,
    async run(job, signal) {
      const outcome = await run(job, signal);
      await prune();
      return outcome;
    },
  };
}
