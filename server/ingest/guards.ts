import type { Fix } from './osmand';

/** A fix time further ahead than this is refused (a device clock gone wrong). */
export const MAX_FUTURE_MS = 10 * 60_000;
/** Older than this is refused (what a phone buffers while offline comes within it). */
export const MAX_AGE_MS = 30 * 24 * 3600_000;

/** Per device: a burst of this many messages, then one per REFILL_MS (any node's own count). */
export const RATE_BURST = 30;
export const RATE_REFILL_MS = 1_000;

/** Why a parsed fix cannot be stored, or undefined when it is fine. */
export function refusal(fix: Fix, now: number): string | undefined {
  const t = fix.fixTime.getTime();
  if (t > now + MAX_FUTURE_MS) return 'timestamp in the future';
  if (t < now - MAX_AGE_MS) return 'timestamp too old';
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

export type Outcome = 'stored' | 'duplicate' | 'rejected' | 'unknownDevice' | 'rateLimited';

/** What this node's ingest did since start, by outcome (GET /api/app/tracking/ingest/stats, logs). */
export class IngestCounters {
  readonly total: Record<Outcome, number> = { stored: 0, duplicate: 0, rejected: 0, unknownDevice: 0, rateLimited: 0 };
  private lastLogged: Record<Outcome, number> = { ...this.total };

  add(outcome: Outcome, n = 1): void {
    this.total[outcome] += n;
  }

  /** Counts since the previous call (for the periodic log line). */
  sinceLast(): Record<Outcome, number> {
    const out = Object.fromEntries(Object.entries(this.total).map(([k, v]) => [k, v - this.lastLogged[k as Outcome]])) as Record<Outcome, number>;
    this.lastLogged = { ...this.total };
    return out;
  }
}
