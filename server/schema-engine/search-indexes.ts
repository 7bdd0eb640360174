import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { ResourceSchema } from '../../common/schema/types';
import { columnsOf, legacySearchIndexName, searchIndexName, tableOf } from './columns';

/**
 * The trigram indexes behind the lists' free-text Filter (x-resource.list.search): made at start
 * by syncTables, or for a big PostgreSQL table concurrently after it (docs/decisions/035-big-tenants-the-list-search.md).
 */

/**
 * From this table size (about 150,000 devices) a missing search index is not built in the start's
 * transaction on PostgreSQL but concurrently after it: a plain build blocks the table's writes
 * (the ingest's) for seconds. Below it a build takes well under a second.
 */
export const INLINE_INDEX_BYTES = 32 * 1024 * 1024;

/** Where missing extensions and background builds are reported: the server's logger does not exist yet at start. */
export interface SearchIndexLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface PendingIndex {
  table: string;
  name: string;
  /** Table, method, columns and predicate: what follows `on`. */
  on: RawBuilder<unknown>;
}

// Table, column and index names come from checked schema names, so quoting them as identifiers is enough.
const id = (name: string) => sql.id(name);

const BUILD_LOCK = 720432;
const builds = new WeakMap<Db, Promise<void>>();

/** Settles when this process's background search index builds on `db` have ended. */
export function searchIndexesBuilt(db: Db): Promise<void> {
  return builds.get(db) ?? Promise.resolve();
}

/** The table's indexes: name -> valid (a failed concurrent build leaves an invalid one). */
export async function existingIndexes(db: Db, table: string): Promise<Map<string, boolean>> {
  const { rows } = await sql<{ name: string; valid: boolean }>`
    select i.relname as name, x.indisvalid as valid
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table}`.execute(db);
  return new Map(rows.map((r) => [r.name, r.valid]));
}

/** Starts the background build of `pending` (kept for searchIndexesBuilt); answers what it will do. */
export function buildInBackground(db: Db, pending: PendingIndex[], log: SearchIndexLog): string[] {
  if (!pending.length) return [];
  const build = buildConcurrently(db, pending, log).catch((err: unknown) =>
    log.warn(`Building search indexes failed (${(err as Error).message}); the next start tries again. Until then the lists' Filter reads whole tables.`),
  );
  builds.set(db, build);
  return pending.map((p) => `building ${p.name} concurrently after the start`);
}

/** What the search indexes need: pg_trgm's operator class, and btree_gin's for tenant_id beside it. */
const SEARCH_EXTENSIONS = ['pg_trgm', 'btree_gin'];

/**
 * Installs the search indexes' extensions where missing and answers pg_trgm's GIN operator class,
 * qualified by its schema. Without the right to install them the start goes on, with a warning,
 * and without search indexes.
 */
export async function searchOpclass(db: Db, warn: (message: string) => void): Promise<RawBuilder<unknown> | null> {
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
 * The search index of a column: GIN trigrams of lower(column), after tenant_id for a tenant's
 * resource, over live rows only, as every list reads. With tenant_id in it, a small tenant's
 * search in a big table does not read every tenant's matches of a common word (GIN's costs assume
 * every trigram is as rare as the average one, so the planner would use a trigram-only index
 * there). Over an expression only the Filter uses (list-query.ts), so the planner never takes it
 * for `column = value`: pg_trgm answers `=` too, and priced a lookup of 355 IMEIs on it at a
 * tenth of the unique index where it took 8 s (all IMEIs share their digit trigrams).
 */
export function searchExpression(column: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}

function searchIndexOn(schema: ResourceSchema, column: string, opclass: RawBuilder<unknown>) {
  const tenant = schema['x-resource'].scope === 'tenant' ? sql`tenant_id, ` : sql``;
  return sql`${id(tableOf(schema))} using gin (${tenant}${searchExpression(column)} ${opclass}) where not is_deleted`;
}

/** Small tables get their missing search indexes here; bigger ones on PostgreSQL go to `pending`. */
export async function syncSearchIndexes(
  db: Db,
  schema: ResourceSchema,
  indexes: Map<string, boolean>,
  opclass: RawBuilder<unknown>,
  inlineBytes: number,
  pending: PendingIndex[],
): Promise<string[]> {
  const table = tableOf(schema);
  const searchable = columnsOf(schema).filter((c) => c.search);
  const changes: string[] = [];
  // The earlier index over the bare column goes at once, before its successor is built: until
  // then a search reads the table, but an equality lookup (the ingest's IMEIs) is fast again.
  for (const c of searchable) {
    const legacy = legacySearchIndexName(table, c.column);
    if (!indexes.has(legacy)) continue;
    await sql`drop index ${id(legacy)}`.execute(db);
    indexes.delete(legacy);
    changes.push(`dropped ${legacy}`);
  }
  const wanted = searchable.filter((c) => indexes.get(searchIndexName(table, c.column)) !== true);
  if (!wanted.length) return changes;
  const { rows } = await sql<{ bytes: string }>`
    select pg_table_size(t.oid)::text as bytes from pg_class t join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table}`.execute(db);
  const inline = Number(rows[0]?.bytes ?? 0) < inlineBytes;
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
async function buildConcurrently(db: Db, pending: PendingIndex[], log: SearchIndexLog): Promise<void> {
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
