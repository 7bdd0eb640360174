import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './tables';
import * as m001 from './migrations/001_foundation';
import * as m002 from './migrations/002_audit_logs';
import * as m003 from './migrations/003_pricing';
import * as m004 from './migrations/004_identity';
import * as m005 from './migrations/005_tenancy_localization';
import * as m006 from './migrations/006_care_model';
import * as m007 from './migrations/007_accounts';
import * as m008 from './migrations/008_billing';
import * as m009 from './migrations/009_tracking';
import * as m010 from './migrations/010_commands';
import * as m011 from './migrations/011_device_stock';
import * as m012 from './migrations/012_identity_extras';
import * as m013 from './migrations/013_grants_notify';
import * as m014 from './migrations/014_directory_notify';
import * as m015 from './migrations/015_message_ring_hot';
import * as m016 from './migrations/016_message_ring_unknown_imei';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * LISTEN/NOTIFY, so API nodes on one database hear each other (live alarms). Send with
 * `select pg_notify(channel, payload)` inside the transaction of the change (delivered at commit);
 * listen through `notificationsOf(db)`: PGlite in-process, PostgreSQL on a dedicated connection
 * that reconnects and listens again after a loss.
 */
export interface Notifications {
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
}
const notifications = new WeakMap<Db, Notifications>();

export function notificationsOf(db: Db): Notifications {
  const found = notifications.get(db);
  if (!found) throw new Error('No notifications for this database handle');
  return found;
}

function postgresNotifications(url: string): Notifications & { close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      c.on('error', (err) => {
        console.error(`PostgreSQL listener lost: ${err.message}`);
        client = undefined;
        connecting = undefined;
        // Listen again after a short wait; notifications sent meanwhile are lost, readers reload.
        if (!closed && handlers.size) setTimeout(() => void connect().catch(() => undefined), 1000);
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = c;
      return c;
    })();
    return connecting;
  };
  return {
    async listen(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      const c = await connect();
      if (first) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Migrations in order; a static list so the bundle-free server needs no folder scanning. */
const MIGRATIONS: Record<string, Migration> = {
  '001_foundation': m001,
  '002_audit_logs': m002,
  '003_pricing': m003,
  '004_identity': m004,
  '005_tenancy_localization': m005,
  '006_care_model': m006,
  '007_accounts': m007,
  '008_billing': m008,
  '009_tracking': m009,
  '010_commands': m010,
  '011_device_stock': m011,
  '012_identity_extras': m012,
  '013_grants_notify': m013,
  '014_directory_notify': m014,
  '015_message_ring_hot': m015,
  '016_message_ring_unknown_imei': m016,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is set, otherwise embedded PGlite in
 * `dataDir` ('memory://' for tests). Same SQL, same code path after this point.
 */
/** Calendar dates stay 'YYYY-MM-DD' strings on both drivers (no time zone shifts through Date). */
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value: string) => value);

export async function openDatabase(opts: { databaseUrl: string; dataDir: string; memoryTemplate?: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, admin termination) must not end the process;
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listener = postgresNotifications(opts.databaseUrl);
    notifications.set(db, listener);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
  }
  if (!opts.dataDir.startsWith('memory://')) await fs.mkdir(opts.dataDir, { recursive: true });
  const template = opts.memoryTemplate && opts.dataDir.startsWith('memory://') ? new Blob([await fs.readFile(opts.memoryTemplate)]) : undefined;
  const pglite = await PGlite.create(opts.dataDir, { parsers: { [DATE_OID]: (value: string) => value }, ...(template ? { loadDataDir: template } : {}) });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  notifications.set(db, {
    async listen(channel, handler) {
      const unlisten = await pglite.listen(channel, handler);
      // Stopping after the database closed (a node shutting down) has nothing left to stop.
      return () => (pglite.closed ? Promise.resolve() : unlisten());
    },
  });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<string[]> {
  // Modules add their migrations independently; order by name but tolerate one landing late.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
