import { EventEmitter } from 'node:events';

/** Node's socket errors that mean the database server cannot be reached or went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', 'EAI_AGAIN']);
/**
 * PostgreSQL's SQLSTATEs of a server going away or not yet taking connections: class 08
 * (connection exception), 57P01 admin shutdown (`pg_ctl stop -m fast`), 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up, shutting down, in recovery).
 */
const SERVER_GONE = /^(08...|57P0[123])$/;
/** node-postgres says these in words only (no code). */
const PG_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Connection ended/i;

/** Thrown instead of a query while this node knows the database is away (answered 503). */
export class DatabaseUnavailable extends Error {
  constructor(reason: string) {
    super(`The database is not available (${reason})`);
  }
}

/** Whether an error means the database is away (not that a statement was wrong). */
export function isConnectionError(err: unknown): boolean {
  if (err instanceof DatabaseUnavailable) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (PG_MESSAGES.test(err.message)) return true;
  // Kysely and callers may wrap the driver's error.
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isConnectionError(cause);
}

/**
 * Logs a failed background task (mail, billing run, offline check, ...): quietly while the
 * database is away, since the node says so once when it goes and once when it is back, and every
 * task would otherwise log a stack each second of an outage.
 */
export function logFailure(log: { error(obj: object, msg: string): void; debug(obj: object, msg: string): void }, err: unknown, msg: string): void {
  if (isConnectionError(err)) log.debug({ error: err instanceof Error ? err.message : String(err) }, msg);
  else log.error({ err }, msg);
}

export interface HealthLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** How often a node whose database is away tries it again: well inside the 5 s recovery aim. */
/** Where health reports go until the server's logger is set (and for scripts without one). */
export const CONSOLE_LOG: HealthLog = { warn: (o, m) => console.warn(m, o), info: (o, m) => console.log(m, o) };

export const PROBE_MS = 500;
/** What a 503 asks the caller to wait (seconds). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * What this node knows of its database: whether it answers, and whether LISTEN is established
 * (live alarms and cache invalidation from other nodes). While the database is away, work fails at
 * once with DatabaseUnavailable instead of each request waiting for a connection, and a probe tries
 * it every PROBE_MS; the first answer brings the node back. Emits 'up' and 'down'.
 */
export class DatabaseHealth extends EventEmitter {
  available = true;
  listening = true;
  private lastError = '';
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  /** Where this node's database lines go (the server's logger once it exists). */
  log: HealthLog = CONSOLE_LOG;

  constructor(private readonly probe: () => Promise<void>) {
    super();
  }

  setLog(log: HealthLog): void {
    this.log = log;
  }

  /** Reports a failed database call; a connection error marks the database away. */
  failed(err: unknown): void {
    if (!isConnectionError(err) || err instanceof DatabaseUnavailable) return;
    this.lastError = err instanceof Error ? err.message : String(err);
    if (!this.available || this.closed) return;
    this.available = false;
    this.log.warn({ error: this.lastError }, 'database unavailable: answering 503 until it is back');
    this.emit('down');
    this.scheduleProbe();
  }

  /** Throws DatabaseUnavailable while the database is known to be away. */
  check(): void {
    if (!this.available) throw new DatabaseUnavailable(this.lastError);
  }

  setListening(listening: boolean): void {
    this.listening = listening;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probeTimer);
  }

  private scheduleProbe(): void {
    if (this.closed || this.probing) return;
    clearTimeout(this.probeTimer);
    this.probeTimer = setTimeout(() => void this.runProbe(), PROBE_MS);
    this.probeTimer.unref();
  }

  private async runProbe(): Promise<void> {
    this.probing = true;
    try {
      await this.probe();
      this.available = true;
      this.log.info({}, 'database available again');
      this.emit('up');
    } catch (err) {
      this.lastError = err instanceof Error ? err.message : String(err);
    } finally {
      this.probing = false;
    }
    if (!this.available) this.scheduleProbe();
  }
}
