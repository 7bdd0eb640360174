import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { DatabaseHealth, type HealthLog } from './health';
import { attachDatabaseParts } from './notifications';
import { openPostgres, waitForDatabase, type PoolStats } from './postgres';
import { PGliteDialect } from './pglite-dialect';
import { readTemplate, templateKey, writeTemplate, type TemplateManifest, type TemplateUse } from './data-template';
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
import * as m017 from './migrations/017_api_nodes';
import * as m018 from './migrations/018_sign_in_safety';
import * as m019 from './migrations/019_transfer_invitations';
import * as m020 from './migrations/020_rich_text_clean';
import * as m024 from './migrations/024_second_factors';
import * as m021 from './migrations/021_dpop_proofs';
import * as m022 from './migrations/022_token_revocation';
import * as m023 from './migrations/023_session_activity';
import * as m025 from './migrations/025_push';
import * as m026 from './migrations/026_jobs_escalation';
import * as m027 from './migrations/027_retention_indexes';
import * as m028 from './migrations/028_partitioned_history';
import * as m029 from './migrations/029_privacy';
import * as m030 from './migrations/030_device_protocol_id';
import * as m031 from './migrations/031_command_states';
import * as m032 from './migrations/032_live_connections';
import * as m033 from './migrations/033_subscription_lifecycle';
import * as m035 from './migrations/035_password_reset';
import * as m038 from './migrations/038_roles_of_deleted_tenants';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answers and this node listens (PGlite, in this process, always does). */
  health: DatabaseHealth;
  /** The embedded database itself (backups dump its data folder); absent on PostgreSQL. */
  pglite?: PGlite;
  /** The connection pool's state (PostgreSQL; PGlite has one in-process connection and no pool). */
  poolStats?(): PoolStats;
  /** Whether an embedded data folder was made from the build's template (server/db/data-template.ts). */
  template?: TemplateUse;
  close(): Promise<void>;
}

export { notificationsOf, healthOf, type Notifications } from './notifications';

/**
 * A migration; `asOf`, where what `up` made depends on the day it ran, makes that again for
 * another day (a template migrated on the day of the build, loaded on a later one).
 */
type VigilMigration = Migration & { asOf?: (db: Kysely<unknown>, now: Date) => Promise<void> };

/** Migrations in order; a static list so the bundle-free server needs no folder scanning. */
const MIGRATIONS: Record<string, VigilMigration> = {
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
  '017_api_nodes': m017,
  '018_sign_in_safety': m018,
  '019_transfer_invitations': m019,
  '020_rich_text_clean': m020,
  '024_second_factors': m024,
  '021_dpop_proofs': m021,
  '022_token_revocation': m022,
  '023_session_activity': m023,
  '025_push': m025,
  '026_jobs_escalation': m026,
  '027_retention_indexes': m027,
  '028_partitioned_history': m028,
  '029_privacy': m029,
  '030_device_protocol_id': m030,
  '031_command_states': m031,
  '032_live_connections': m032,
  '033_subscription_lifecycle': m033,
  '035_password_reset': m035,
  '038_roles_of_deleted_tenants': m038,
};

/** Every migration this version of Vigil knows: a backup with others was made by a newer one. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(MIGRATIONS);

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

export async function openDatabase(opts: { databaseUrl: string; dataDir: string; memoryTemplate?: string; dataTemplate?: string }, log?: HealthLog): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    await waitForDatabase(opts.databaseUrl, log);
    const parts = openPostgres(opts.databaseUrl, log);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: parts.pool }) });
    attachDatabaseParts(db as unknown as Kysely<never>, parts);
    return {
      db,
      kind: 'postgres',
      health: parts.health,
      poolStats: parts.poolStats,
      close: async () => {
        await parts.close();
        await db.destroy();
      },
    };
  }
  const memory = opts.dataDir.startsWith('memory://');
  if (!memory) await fs.mkdir(opts.dataDir, { recursive: true });
  let template: Blob | undefined;
  let use: TemplateUse | undefined;
  if (memory) {
    if (opts.memoryTemplate) template = new Blob([await fs.readFile(opts.memoryTemplate)]);
  } else if (await exists(`${opts.dataDir}/PG_VERSION`)) {
    use = { used: false, reason: 'not fresh' };
  } else if (opts.dataTemplate) {
    const found = await readTemplate(opts.dataTemplate, KNOWN_MIGRATIONS);
    if ('dump' in found) {
      template = found.dump;
      use = { used: true, migrations: found.manifest.migrations.length, made: found.manifest.made };
    } else {
      use = { used: false, ...found };
    }
  }
  const pglite = await createPGlite(opts.dataDir, template);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  if (use?.used) await asOfToday(db);
  const health = new DatabaseHealth(async () => undefined);
  attachDatabaseParts(db as unknown as Kysely<never>, {
    health,
    notifications: {
      async listen(channel, handler) {
        const unlisten = await pglite.listen(channel, handler);
        // Stopping after the database closed (a node shutting down) has nothing left to stop.
        return () => (pglite.closed ? Promise.resolve() : unlisten());
      },
    },
  });
  return { db, kind: 'pglite', health, pglite, ...(use ? { template: use } : {}), close: () => db.destroy() };
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);

/** The embedded database, new or from a dump; pg_trgm and btree_gin: the schema engine's search indexes (server/schema-engine/sync-tables.ts). */
function createPGlite(dataDir: string, dump: Blob | undefined): Promise<PGlite> {
  return PGlite.create(dataDir, {
    parsers: { [DATE_OID]: (value: string) => value },
    extensions: { pg_trgm, btree_gin },
    ...(dump ? { loadDataDir: dump } : {}),
  });
}

/** What migrations made for the day they ran, made again for today (a template's data folder). */
async function asOfToday(db: Db): Promise<void> {
  const now = new Date();
  for (const migration of Object.values(MIGRATIONS)) await migration.asOf?.(db as unknown as Kysely<unknown>, now);
}

/**
 * Makes the embedded database's template in `dir` (`npm run build`): a new cluster, every
 * migration, dumped. Only the migrations: what is per install (issuer keys, the first
 * administrator, demo data with its passwords and session stamps) is made at start.
 */
export async function makeDataTemplate(dir: string): Promise<TemplateManifest> {
  const key = await templateKey(KNOWN_MIGRATIONS);
  if (!key) throw new Error('The migrations’ sources (server/db/migrations) are not there: no database template made.');
  const pglite = await createPGlite('memory://', undefined);
  try {
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    await migrate(db);
    const dump = await pglite.dumpDataDir('gzip');
    const manifest: TemplateManifest = { ...key, migrations: [...KNOWN_MIGRATIONS], made: new Date().toISOString() };
    await writeTemplate(dir, dump, manifest);
    return manifest;
  } finally {
    await pglite.close();
  }
}

/** Migrates up or down to one named migration (tests of a migration on a database with data). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<string[]> {
  if (await upToDate(db)) return [];
  // Modules add their migrations independently; order by name but tolerate one landing late.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Whether the database has run exactly the migrations this version knows: then the migrator has
 * nothing to do, and asking it (its table and lock checks read the whole catalogue) was most of
 * a second of every start. Any difference (one to run, or one only a newer version knows, which
 * the migrator refuses) goes to the migrator.
 */
async function upToDate(db: Db): Promise<boolean> {
  const table = await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`.execute(db);
  if (!table.rows[0]?.name) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const done = new Set(rows.map((r) => r.name));
  return done.size === KNOWN_MIGRATIONS.length && KNOWN_MIGRATIONS.every((name) => done.has(name));
}
