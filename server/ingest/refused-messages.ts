import type { FastifyBaseLogger } from 'fastify';
import type { MessageLog } from './message-log';

/** Refused messages waiting for the ring at most (a flood beyond it is counted, not kept). */
const MAX_WAITING = 10_000;
/** Refused messages whose write failed for want of a database wait this long, and are tried this many times. */
const RETRY_MS = 1_000;
const TRIES = 5;

/**
 * The refused messages waiting to be written to the troubleshooting ring with the next batch, and
 * those put back when the database was away: held for a second, tried a few times, in arrival order.
 */
export class RefusedMessages {
  private waiting: MessageLog[] = [];
  /** Messages put back after the database went away are not tried again before this. */
  private heldUntil = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  get length(): number {
    return this.waiting.length;
  }

  add(message: MessageLog): void {
    if (this.waiting.length < MAX_WAITING) this.waiting.push(message);
  }

  /** How long before the waiting messages may be taken (0 when they may now). */
  holdMs(): number {
    return Math.max(0, this.heldUntil - Date.now());
  }

  /** Every waiting message, unless they are held. */
  take(): MessageLog[] {
    return Date.now() >= this.heldUntil ? this.waiting.splice(0) : [];
  }

  /** Puts messages back for a later batch once the database is back (dropped after a few tries). */
  putBack(messages: MessageLog[]): void {
    const kept = messages.filter((m) => (m.tries = (m.tries ?? 0) + 1) < TRIES);
    if (kept.length < messages.length) this.log.warn({ dropped: messages.length - kept.length }, 'ingest: refused messages not kept in the ring (database away)');
    if (!kept.length) return;
    this.waiting.unshift(...kept.slice(0, Math.max(0, MAX_WAITING - this.waiting.length)));
    this.heldUntil = Date.now() + RETRY_MS;
  }
}
