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

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
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

export async function openDatabase(opts: { databaseUrl: string; dataDir: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, admin termination) must not end the process;
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (!opts.dataDir.startsWith('memory://')) await fs.mkdir(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create(opts.dataDir, { parsers: { [DATE_OID]: (value: string) => value } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
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
