import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How urgent the work on the current async path is. 'important' is what a person or a watch waits
 * on right now (sign-in, token refresh, ingest, live alarms); 'ordinary' is back-office reading
 * and writing, which can wait or be refused under load (server/http/admission.ts).
 */
export type Priority = 'important' | 'ordinary';

const store = new AsyncLocalStorage<Priority>();

/** Runs `fn` (and everything it starts) at `priority`. */
export function runWithPriority<T>(priority: Priority, fn: () => T): T {
  return store.run(priority, fn);
}

/**
 * The priority of the current async path. Work started outside a request (the ingest port,
 * background jobs) has none and counts as important: it is small and nobody can retry it for us.
 */
export function currentPriority(): Priority {
  return store.getStore() ?? 'important';
}

/**
 * After this many important grants in a row while ordinary work waits, one ordinary borrower goes
 * next, so a steady stream of important work slows back-office work but cannot stop it.
 */
export const IMPORTANT_STREAK = 8;

/**
 * A lock with one holder and two waiting lines: important waiters go before ordinary ones (FIFO
 * within a line). The embedded database's single connection is handed out through it, so a
 * sign-in's queries do not wait behind every queued back-office query.
 */
export class PriorityLock {
  private held = false;
  private streak = 0;
  private readonly waiting: Record<Priority, (() => void)[]> = { important: [], ordinary: [] };

  /** Resolves once the caller holds the lock; release() hands it on. */
  acquire(priority: Priority = currentPriority()): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiting[priority].push(resolve));
  }

  release(): void {
    const { important, ordinary } = this.waiting;
    const ordinaryTurn = ordinary.length > 0 && (important.length === 0 || this.streak >= IMPORTANT_STREAK);
    const next = ordinaryTurn ? ordinary.shift() : important.shift();
    // Only important grants that jump waiting ordinary work count towards its turn.
    this.streak = !ordinaryTurn && ordinary.length > 0 ? this.streak + 1 : 0;
    if (next) next();
    else this.held = false;
  }

  /** Waiters per line (tests, diagnostics). */
  get queued(): Record<Priority, number> {
    return { important: this.waiting.important.length, ordinary: this.waiting.ordinary.length };
  }
}
