import type { Fix } from '../protocols/types';
import { countIngested } from './metrics';

/**
 * The evaluation window (docs/decisions/015-tracking-ingest-evaluation-alarms.md). Traccar stores a fix whatever its time and
 * answers 200, and Traccar Client resends a refused one forever, oldest first, so refusing a fix
 * for its time jams the watch. A fix further ahead than MAX_FUTURE_MS (a device clock gone wrong)
 * or older than MAX_AGE_MS (a watch back after a long time offline) is stored in the history,
 * marked in `attributes.window` ('future' or 'old'), answered 200, and left out of alarm
 * evaluation and of the device's last known place.
 */
export const MAX_FUTURE_MS = 10 * 60_000;
export const MAX_AGE_MS = 30 * 24 * 3600_000;
/** Times outside these are not a clock's (a negative epoch, a five-digit year): refused as malformed. */
const EARLIEST_MS = 0;
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Where a fix time falls: in the window (null), 'old' or 'future'. */
export function timeWindow(fixTime: Date, now: number): 'old' | 'future' | null {
  const t = fixTime.getTime();
  if (t > now + MAX_FUTURE_MS) return 'future';
  if (t < now - MAX_AGE_MS) return 'old';
  return null;
}

/** Per device: a burst of this many messages, then one per REFILL_MS (any node's own count). */
export const RATE_BURST = 30;
export const RATE_REFILL_MS = 1_000;

/** Why a parsed fix cannot be stored, or undefined when it is fine (its time only when no clock could give it: see timeWindow). */
export function refusal(fix: Fix): string | undefined {
  const t = fix.fixTime.getTime();
  if (!(t >= EARLIEST_MS && t <= LATEST_MS)) return 'malformed timestamp';
  if (fix.accuracy !== null && !(fix.accuracy >= 0 && fix.accuracy <= 1e6)) return 'malformed accuracy';
  if (fix.speed !== null && !(fix.speed >= 0 && fix.speed <= 1e4)) return 'malformed speed';
  if (fix.altitude !== null && !(Math.abs(fix.altitude) <= 1e5)) return 'malformed altitude';
  if (fix.course !== null && !(fix.course >= -360 && fix.course <= 720)) return 'malformed course';
  if (fix.battery !== null && !(fix.battery >= 0 && fix.battery <= 100)) return 'malformed battery';
  return undefined;
}

/**
 * A token bucket per device id on this node: a flood from one watch is answered 429 without
 * touching the database, and other watches are not slowed. Several nodes each allow the burst.
 */
export class DeviceRateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly burst = RATE_BURST, private readonly refillMs = RATE_REFILL_MS) {}

  take(key: string, now = Date.now()): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) / this.refillMs);
    b.at = now;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    if (this.buckets.size > 500_000) this.buckets.clear();
    this.buckets.set(key, b);
    return ok;
  }

  /** Forgets full buckets (devices that went quiet). */
  sweep(now = Date.now()): void {
    for (const [key, b] of this.buckets) if (b.tokens + (now - b.at) / this.refillMs >= this.burst) this.buckets.delete(key);
  }
}

/**
 * Per source address: ten devices' budgets (a home router or a care home's network carries several
 * watches), refilled ten times as fast, so a stranger's flood is refused before it costs a lookup.
 */
export const ADDRESS_BURST = 10 * RATE_BURST;
export const ADDRESS_REFILL_MS = RATE_REFILL_MS / 10;

/** This host itself (a local proxy that does not forward the address, the simulator, the bench): no address budget. */
const THIS_HOST = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The flood budgets a message is counted against: its device's and its source address's. */
export class IngestRateLimits {
  readonly devices = new DeviceRateLimiter();
  readonly addresses = new DeviceRateLimiter(ADDRESS_BURST, ADDRESS_REFILL_MS);

  /**
   * Counts one message against both budgets (always both, so a refused flood keeps its address
   * refused) and tells whether it is within them. An id or an address not known is not counted.
   */
  take(uniqueId: string, remote: string | null, now = Date.now()): boolean {
    const address = remote === null || THIS_HOST.has(remote) || this.addresses.take(remote, now);
    const device = uniqueId === '' || this.devices.take(uniqueId, now);
    return address && device;
  }

  sweep(now = Date.now()): void {
    this.devices.sweep(now);
    this.addresses.sweep(now);
  }
}

export type Outcome = 'stored' | 'duplicate' | 'rejected' | 'unknownDevice' | 'rateLimited';

/** What this node's ingest did since start, by outcome (GET /api/app/tracking/ingest/stats, logs). */
export class IngestCounters {
  readonly total: Record<Outcome, number> = { stored: 0, duplicate: 0, rejected: 0, unknownDevice: 0, rateLimited: 0 };
  private lastLogged: Record<Outcome, number> = { ...this.total };

  add(outcome: Outcome, n = 1): void {
    this.total[outcome] += n;
    countIngested(outcome, n);
  }

  /** Counts since the previous call (for the periodic log line). */
  sinceLast(): Record<Outcome, number> {
    const out = Object.fromEntries(Object.entries(this.total).map(([k, v]) => [k, v - this.lastLogged[k as Outcome]])) as Record<Outcome, number>;
    this.lastLogged = { ...this.total };
    return out;
  }
}
