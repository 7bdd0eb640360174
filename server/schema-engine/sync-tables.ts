import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { ResourceSchema } from '../../common/schema/types';
import { columnsOf, searchIndexName, SYSTEM_COLUMNS, tableOf, type ColumnSpec } from './columns';

/** A schema change the engine will not make by itself. */
export class DestructiveSchemaChange extends Error {}

const SQL_TYPE: Record<ColumnSpec['sqlType'], string> = {
  text: 'text',
  uuid: 'uuid',
  date: 'date',
  'timestamp with time zone': 'timestamptz',
  integer: 'integer',
  'double precision': 'double precision',
  boolean: 'boolean',
  jsonb: 'jsonb',
};

// Table, column and index names come from checked schema names (kebab/camel case letters and
// digits), so quoting them as identifiers is enough.
const id = (name: string) => sql.id(name);

/**
 * From this table size (about 150,000 devices) a missing search index is not built in the start's
 * transaction on PostgreSQL but concurrently after it: a plain build blocks the table's writes
 * (the ingest's) for seconds. Below it a build takes well under a second.
 */
export const INLINE_INDEX_BYTES = 32 * 1024 * 1024;

export interface SyncOptions {
  /** Overrides INLINE_INDEX_BYTES (tests). */
  inlineIndexBytes?: number;
  /** Where missing extensions and background builds are reported: the server's logger does not exist yet. */
  log?: { warn(message: string): void; info(message: string): void };
}

interface PendingIndex {
  table: string;
  name: string;
  /** Table, method, columns and predicate: what follows `on`. */
  on: RawBuilder<unknown>;
}

const SYNC_LOCK = 720431;
const BUILD_LOCK = 720432;
const builds = new WeakMap<Db, Promise<void>>();

/** Settles when this process's background search index builds on `db` have ended. */
export function searchIndexesBuilt(db: Db): Promise<void> {
  return builds.get(db) ?? Promise.resolve();
}

/**
 * Brings every schema's table up to date on start (as Strapi does): a new resource gets its table,
 * a new field its column, sortable, filterable, reference and unique fields their indexes,
 * and search fields (x-resource.list.search) their trigram indexes for the free-text Filter.
 * A removed field or a changed type is refused until a written migration has done it.
 * Runs under an advisory lock so API nodes starting together do it once. Indexes that exist are
 * not asked for again: CREATE INDEX IF NOT EXISTS takes the table's write lock even then.
 */
export async function syncTables(db: Db, schemas: ResourceSchema[], options: SyncOptions = {}): Promise<string[]> {
  const log = options.log ?? { warn: (m: string) => console.warn(m), info: (m: string) => console.info(m) };
  const changes: string[] = [];
  const pending: PendingIndex[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SYNC_LOCK})`.execute(trx);
    const trigram = await searchOpclass(trx, log.warn);
    // The embedded database is one connection: a concurrent build would hold it just as long.
    const { rows } = await sql<{ embedded: boolean }>`select version() like '%PGlite%' as embedded`.execute(trx);
    const inlineBytes = rows[0]?.embedded ? Number.POSITIVE_INFINITY : (options.inlineIndexBytes ?? INLINE_INDEX_BYTES);
    for (const schema of schemas) {
      const table = await syncTable(trx, schema);
      changes.push(...table.changes);
      if (trigram) changes.push(...(await syncSearchIndexes(trx, schema, table.indexes, trigram, inlineBytes, pending)));
    }
  });
  if (pending.length) {
    const build = buildConcurrently(db, pending, log).catch((err: unknown) =>
      log.warn(`Building search indexes failed (${(err as Error).message}); the next start tries again. Until then the lists' Filter reads whole tables.`),
    );
    builds.set(db, build);
    changes.push(...pending.map((p) => `building ${p.name} concurrently after the start`));
  }
  return changes;
}

/** The table's indexes: name -> valid (a failed concurrent build leaves an invalid one). */
async function existingIndexes(db: Db, table: string): Promise<Map<string, boolean>> {
  const { rows } = await sql<{ name: string; valid: boolean }>`
    select i.relname as name, x.indisvalid as valid
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table}`.execute(db);
  return new Map(rows.map((r) => [r.name, r.valid]));
}

async function syncTable(db: Db, schema: ResourceSchema): Promise<{ changes: string[]; indexes: Map<string, boolean> }> {
  const table = tableOf(schema);
  const resource = schema['x-resource'].name;
  const columns = columnsOf(schema);
  const changes: string[] = [];
  const existing = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  const actual = new Map(existing.rows.map((r) => [r.column_name, r.data_type]));
  const state = await db.selectFrom('schema_state').select('columns').where('resource', '=', resource).executeTakeFirst();
  const previous = (state?.columns ?? {}) as Record<string, string>;

  if (actual.size === 0) {
    const defs = [
      ...SYSTEM_COLUMNS.map((c) => sql`${id(c.column)} ${sql.raw(c.definition)}`),
      ...columns.map((c) => sql`${id(c.column)} ${sql.raw(SQL_TYPE[c.sqlType])}`),
    ];
    await sql`create table ${id(table)} (${sql.join(defs)})`.execute(db);
    changes.push(`created table ${table}`);
  } else {
    const problems: string[] = [];
    for (const c of columns) {
      const type = actual.get(c.column);
      if (type && type !== c.sqlType) problems.push(`${table}.${c.column} is ${type} in the database but ${c.sqlType} in the schema`);
    }
    for (const [column, type] of Object.entries(previous)) {
      if (!columns.some((c) => c.column === column) && actual.has(column)) problems.push(`${table}.${column} (${type}) was removed from the schema`);
    }
    if (problems.length) {
      throw new DestructiveSchemaChange(
        `Schema '${resource}' changes its table destructively; write a migration in server/db/migrations that does it, then start again:\n  - ${problems.join('\n  - ')}`,
      );
    }
    for (const c of SYSTEM_COLUMNS) {
      if (!actual.has(c.column)) {
        await sql`alter table ${id(table)} add column ${id(c.column)} ${sql.raw(c.definition.replace(' primary key', ''))}`.execute(db);
        changes.push(`added ${table}.${c.column}`);
      }
    }
    for (const c of columns) {
      if (!actual.has(c.column)) {
        await sql`alter table ${id(table)} add column ${id(c.column)} ${sql.raw(SQL_TYPE[c.sqlType])}`.execute(db);
        changes.push(`added ${table}.${c.column}`);
      }
    }
  }

  const indexes = await existingIndexes(db, table);
  const missing = (name: string) => !indexes.has(name);
  if (missing(`${table}_tenant_idx`)) await sql`create index if not exists ${id(`${table}_tenant_idx`)} on ${id(table)} (tenant_id, creation_time) where not is_deleted`.execute(db);
  for (const c of columns) {
    const name = `${table}_${c.column}_${c.unique === 'global' ? 'global_key' : c.unique ? 'key' : 'idx'}`;
    if (!missing(name)) continue;
    // Unique among live rows that have a value (several rows may leave an optional field empty).
    if (c.unique === 'global') {
      await sql`create unique index if not exists ${id(`${table}_${c.column}_global_key`)} on ${id(table)} (${id(c.column)}) where not is_deleted and ${id(c.column)} is not null`.execute(db);
    } else if (c.unique) {
      await sql`create unique index if not exists ${id(`${table}_${c.column}_key`)} on ${id(table)} (tenant_id, ${id(c.column)}) nulls not distinct where not is_deleted and ${id(c.column)} is not null`.execute(db);
    } else if (c.index) {
      await sql`create index if not exists ${id(`${table}_${c.column}_idx`)} on ${id(table)} (tenant_id, ${id(c.column)}) where not is_deleted`.execute(db);
    }
  }

  const now = Object.fromEntries(columns.map((c) => [c.column, c.sqlType]));
  await db
    .insertInto('schema_state')
    .values({ resource, table_name: table, columns: JSON.stringify(now) })
    .onConflict((oc) => oc.column('resource').doUpdateSet({ table_name: table, columns: JSON.stringify(now), updated_at: new Date() }))
    .execute();
  return { changes, indexes };
}

/** What the search indexes need: pg_trgm's operator class, and btree_gin's for tenant_id beside it. */
const SEARCH_EXTENSIONS = ['pg_trgm', 'btree_gin'];

/**
 * Installs the search indexes' extensions where missing and answers pg_trgm's GIN operator class,
 * qualified by its schema. Without the right to install them the start goes on, with a warning,
 * and without search indexes.
 */
async function searchOpclass(db: Db, warn: (message: string) => void): Promise<RawBuilder<unknown> | null> {
  const { rows: installed } = await sql<{ name: string }>`select extname as name from pg_extension`.execute(db);
  const missing = SEARCH_EXTENSIONS.filter((e) => !installed.some((i) => i.name === e));
  if (missing.length) {
    // A failed statement would end the whole transaction; the savepoint keeps it.
    await sql`savepoint search_extensions`.execute(db);
    try {
      for (const extension of missing) await sql`create extension if not exists ${id(extension)}`.execute(db);
      await sql`release savepoint search_extensions`.execute(db);
    } catch (err) {
      await sql`rollback to savepoint search_extensions`.execute(db);
      warn(
        `The PostgreSQL extensions ${missing.join(' and ')} are not installed and could not be (${(err as Error).message}). ` +
          "The lists' free-text Filter works but reads whole tables. Run " +
          missing.map((e) => `\`create extension ${e};\``).join(' and ') +
          ' in this database as its owner or a superuser, then restart: the search indexes are made at start.',
      );
      return null;
    }
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_opclass c
    join pg_namespace n on n.oid = c.opcnamespace join pg_am a on a.oid = c.opcmethod
    where c.opcname = 'gin_trgm_ops' and a.amname = 'gin'`.execute(db);
  return rows[0] ? sql.id(rows[0].schema, 'gin_trgm_ops') : null;
}

/**
 * The search index of a column: GIN trigrams of the bare column (the Filter compares the text
 * column itself, so the planner matches it), after tenant_id for a tenant's resource, over live
 * rows only, as every list reads. With tenant_id in it, a small tenant's search in a big table
 * does not read every tenant's matches of a common word (GIN's costs assume every trigram is as
 * rare as the average one, so the planner would use a trigram-only index there).
 */
function searchIndexOn(schema: ResourceSchema, column: string, opclass: RawBuilder<unknown>) {
  const tenant = schema['x-resource'].scope === 'tenant' ? sql`tenant_id, ` : sql``;
  return sql`${id(tableOf(schema))} using gin (${tenant}${id(column)} ${opclass}) where not is_deleted`;
}

/** Small tables get their missing search indexes here; bigger ones on PostgreSQL go to `pending`. */
async function syncSearchIndexes(
  db: Db,
  schema: ResourceSchema,
  indexes: Map<string, boolean>,
  opclass: RawBuilder<unknown>,
  inlineBytes: number,
  pending: PendingIndex[],
): Promise<string[]> {
  const table = tableOf(schema);
  const wanted = columnsOf(schema).filter((c) => c.search && indexes.get(searchIndexName(table, c.column)) !== true);
  if (!wanted.length) return [];
  const { rows } = await sql<{ bytes: string }>`
    select pg_table_size(t.oid)::text as bytes from pg_class t join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table}`.execute(db);
  const inline = Number(rows[0]?.bytes ?? 0) < inlineBytes;
  const changes: string[] = [];
  for (const c of wanted) {
    const name = searchIndexName(table, c.column);
    const on = searchIndexOn(schema, c.column, opclass);
    if (!inline) {
      pending.push({ table, name, on });
      continue;
    }
    if (indexes.has(name)) await sql`drop index ${id(name)}`.execute(db);
    await sql`create index ${id(name)} on ${on}`.execute(db);
    changes.push(`created ${name}`);
  }
  return changes;
}

/**
 * Builds the pending search indexes one by one with CREATE INDEX CONCURRENTLY (writes go on), on
 * one connection holding a session lock, so of several nodes starting together one builds them.
 */
async function buildConcurrently(db: Db, pending: PendingIndex[], log: NonNullable<SyncOptions['log']>): Promise<void> {
  await db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${BUILD_LOCK}) as locked`.execute(conn);
    if (!rows[0]?.locked) return;
    try {
      for (const p of pending) {
        const valid = (await existingIndexes(conn, p.table)).get(p.name);
        if (valid === true) continue;
        if (valid === false) await sql`drop index concurrently if exists ${id(p.name)}`.execute(conn);
        const started = performance.now();
        log.info(`Building search index ${p.name} concurrently (the table's writes go on)`);
        await sql`create index concurrently if not exists ${id(p.name)} on ${p.on}`.execute(conn);
        log.info(`Built search index ${p.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      await sql`select pg_advisory_unlock(${BUILD_LOCK})`.execute(conn);
    }
  });
}
