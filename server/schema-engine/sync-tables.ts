import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ResourceSchema } from '../../common/schema/types';
import { columnsOf, SYSTEM_COLUMNS, tableOf, type ColumnSpec } from './columns';
import { buildInBackground, existingIndexes, INLINE_INDEX_BYTES, searchOpclass, syncSearchIndexes, type PendingIndex, type SearchIndexLog } from './search-indexes';

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

export interface SyncOptions {
  /** Overrides INLINE_INDEX_BYTES (tests). */
  inlineIndexBytes?: number;
  /** Where missing extensions and background builds are reported: the server's logger does not exist yet. */
  log?: SearchIndexLog;
}

const SYNC_LOCK = 720431;

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
    // Every table's columns in one read (information_schema is slow to ask, once a table was most of the sync of a start).
    const existing = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = any(${schemas.map(tableOf)})`.execute(trx);
    const columnsByTable = new Map<string, Map<string, string>>();
    for (const row of existing.rows) {
      const columns = columnsByTable.get(row.table_name) ?? new Map<string, string>();
      columns.set(row.column_name, row.data_type);
      columnsByTable.set(row.table_name, columns);
    }
    for (const schema of schemas) {
      const table = await syncTable(trx, schema, columnsByTable.get(tableOf(schema)) ?? new Map());
      changes.push(...table.changes);
      if (trigram) changes.push(...(await syncSearchIndexes(trx, schema, table.indexes, trigram, inlineBytes, pending)));
    }
  });
  changes.push(...buildInBackground(db, pending, log));
  return changes;
}

/** One schema's table; `actual` is its columns and their types as the database has them (none: no table yet). */
async function syncTable(db: Db, schema: ResourceSchema, actual: Map<string, string>): Promise<{ changes: string[]; indexes: Map<string, boolean> }> {
  const table = tableOf(schema);
  const resource = schema['x-resource'].name;
  const columns = columnsOf(schema);
  const changes: string[] = [];
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
