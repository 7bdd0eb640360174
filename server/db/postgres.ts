import pg from 'pg';
import type { PostgresPool } from 'kysely';
import { CONSOLE_LOG, DatabaseHealth, isConnectionError, type HealthLog } from './health';
import type { Notifications } from './notifications';

/** Connections of one node's pool. */
export const POOL_SIZE = 10;
/** A connection that cannot be opened in this time counts as a database away (no request waits for ever). */
const CONNECT_TIMEOUT_MS = 5_000;
/** The LISTEN connection's pauses between attempts: short at first, never over 2 s, for ever. */
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 2_000;
/** How often the wait for a database that refuses connections at start says so again. */
const WAIT_LOG_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the database is, for log lines (never the password). */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the configured PostgreSQL server';
  }
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface PostgresParts {
  /** The pool as Kysely sees it: refuses at once while the database is known to be away. */
  pool: PostgresPool;
  /** The pool's connections now: open, idle, and callers waiting for one (metrics). */
  poolStats(): PoolStats;
  health: DatabaseHealth;
  notifications: Notifications & { close(): Promise<void> };
  close(): Promise<void>;
}

/**
 * One node's connections to a PostgreSQL server. Every client, pooled or the listener, idle or
 * checked out, has its 'error' handled: node-postgres emits 'error' on a checked-out client whose
 * connection dies, and an unhandled one ends the process. A connection error marks the database
 * away (see DatabaseHealth) until a probe gets an answer.
 */
export function openPostgres(url: string, log: HealthLog = CONSOLE_LOG): PostgresParts {
  const raw = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  const health = new DatabaseHealth(async () => {
    await raw.query('select 1');
  });
  health.setLog(log);
  // The pool removes its listener from a client while it is checked out; this one stays for life.
  raw.on('connect', (client) => client.on('error', (err) => health.failed(err)));
  // An idle client whose server went away: the pool drops it and opens a new one when asked.
  raw.on('error', (err) => health.failed(err));
  const pool: PostgresPool = {
    async connect() {
      health.check();
      try {
        return await raw.connect();
      } catch (err) {
        health.failed(err);
        throw err;
      }
    },
    end: () => raw.end(),
  };
  const notifications = postgresNotifications(url, health);
  return {
    pool,
    poolStats: () => ({ total: raw.totalCount, idle: raw.idleCount, waiting: raw.waitingCount }),
    health,
    notifications,
    async close() {
      health.close();
      await notifications.close();
    },
  };
}

/**
 * Waits until the database answers: an operator who starts Vigil before PostgreSQL gets one clear
 * line (again every 30 s), not a crash loop. Any other error (a wrong password, a missing
 * database) is thrown: waiting would not mend it.
 */
export async function waitForDatabase(url: string, log: HealthLog = CONSOLE_LOG): Promise<void> {
  let lastLog = 0;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      if (lastLog) log.info({ database: describeDatabase(url) }, 'database reached');
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (!isConnectionError(err)) throw err;
      if (Date.now() - lastLog >= WAIT_LOG_MS) {
        lastLog = Date.now();
        log.warn({ database: describeDatabase(url), error: err instanceof Error ? err.message : String(err) }, `waiting for the database at ${describeDatabase(url)}: trying again every second`);
      }
      await sleep(1000);
    }
  }
}

/**
 * LISTEN on a dedicated connection that comes back for ever, with a growing pause (never over 2 s).
 * After it is back every subscriber's `resync` runs: notifications sent meanwhile are lost, so
 * caches start again from the database and live streams reload what is open.
 */
function postgresNotifications(url: string, health: DatabaseHealth): Notifications & { close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resyncs = new Set<() => void>();
  let client: pg.Client | undefined;
  let attempt: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let everListened = false;
  let closed = false;

  const lost = (c: pg.Client, err: Error) => {
    if (client !== c) return;
    client = undefined;
    health.setListening(false);
    health.log.warn({ error: err.message }, 'database listener lost: live alarms and cache updates from other nodes wait until it is back');
    void c.end().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    if (closed || retry || attempt) return;
    const pause = Math.min(LISTEN_RETRY_MIN_MS * 2 ** failures, LISTEN_RETRY_MAX_MS);
    failures++;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, pause);
    retry.unref();
  };
  const connect = (): Promise<void> => {
    attempt ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c, new Error('Connection ended')));
      c.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch {
        await c.end().catch(() => undefined);
        return false;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        return false;
      }
      client = c;
      failures = 0;
      health.setListening(true);
      return true;
    })().then((ok) => {
      attempt = undefined;
      if (!ok) return schedule();
      if (everListened) {
        health.log.info({}, 'database listener back: caches emptied, live streams told to reload');
        for (const resync of resyncs) resync();
      }
      everListened = true;
    });
    return attempt;
  };

  return {
    async listen(channel, handler, resync) {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      if (resync) resyncs.add(resync);
      // While the listener is away the channel is listened to when it is back (and the start does
      // not wait for it); LISTEN twice is harmless. A failure is the connection's: its 'error'
      // brings it back, listening to every channel.
      if (!client && !retry) await connect();
      if (client && first) await client.query(`listen ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      return async () => {
        set.delete(handler);
        if (resync) resyncs.delete(resync);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await attempt;
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
