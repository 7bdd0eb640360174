import { sql, type Kysely } from 'kysely';
import { classTable, DAY_MS, HISTORY_CLASSES, HISTORY_TABLES, parseRange, rangesCovering, type HistoryClass, type HistoryTable, type Range } from './classes';

/** Any Kysely: migrations run on an untyped one. */
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ident = (name: string) => sql.id(name);

/**
 * Every class's list partition, each cut by time with a default partition for times no range
 * holds yet (a watch's clock years off). Made once, by the migration; idempotent.
 */
export async function createClassPartitions(db: AnyDb): Promise<void> {
  for (const [table, time] of Object.entries(HISTORY_TABLES) as [HistoryTable, string][]) {
    for (const days of HISTORY_CLASSES) {
      const cls = classTable(table, days);
      await sql`create table if not exists ${ident(cls)} partition of ${ident(table)} for values in (${sql.lit(days)}) partition by range (${ident(time)})`.execute(db);
      await sql`create table if not exists ${ident(`${cls}_default`)} partition of ${ident(cls)} default`.execute(db);
    }
  }
}

/** The time ranges that exist, by table name. */
export async function existingRanges(db: AnyDb): Promise<Map<string, Range>> {
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname ~ '^(positions|device_events)_k[0-9]+$'`.execute(db);
  const out = new Map<string, Range>();
  for (const { name } of rows.rows) {
    const range = parseRange(name);
    if (range) out.set(name, range);
  }
  return out;
}

/**
 * Makes one time range. Rows the class's default partition already holds for that time (a clock
 * that ran ahead) move into it in the same transaction, since PostgreSQL refuses a range whose
 * rows sit in the default.
 */
async function createRange(db: AnyDb, range: Range, lockTimeoutMs: number): Promise<void> {
  const time = HISTORY_TABLES[range.table];
  const cls = classTable(range.table, range.days);
  const deflt = `${cls}_default`;
  const inTransaction = (fn: (trx: AnyDb) => Promise<void>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  await inTransaction(async (trx) => {
    await sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(trx);
    const moved = `moving_${range.name}`;
    await sql`create temp table ${ident(moved)} on commit drop as select * from ${ident(deflt)} where ${ident(time)} >= ${range.from} and ${ident(time)} < ${range.to}`.execute(trx);
    await sql`delete from ${ident(deflt)} where ${ident(time)} >= ${range.from} and ${ident(time)} < ${range.to}`.execute(trx);
    await sql`create table ${ident(range.name)} partition of ${ident(cls)} for values from (${sql.lit(range.from.toISOString())}) to (${sql.lit(range.to.toISOString())})`.execute(trx);
    await sql`insert into ${ident(range.name)} select * from ${ident(moved)}`.execute(trx);
  });
}

/**
 * Makes the missing ranges of a class over [from, to). Each waits at most lockTimeoutMs for the
 * table (a long read holds it): ingest queued behind a waiting DDL would pause; a range not made
 * now is made by the next run, and its rows wait in the default partition meanwhile.
 */
export async function ensureRanges(db: AnyDb, table: HistoryTable, days: HistoryClass, from: Date, to: Date, lockTimeoutMs = 100): Promise<string[]> {
  const existing = await existingRanges(db);
  const made: string[] = [];
  for (const range of rangesCovering(table, days, from, to)) {
    if (existing.has(range.name)) continue;
    await createRange(db, range, lockTimeoutMs);
    made.push(range.name);
  }
  return made;
}

/** Ranges from a class ago to AHEAD days from now: what a class in use needs. */
export function neededSpan(days: HistoryClass, now: Date, aheadDays: number): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - days * DAY_MS), to: new Date(now.getTime() + aheadDays * DAY_MS) };
}
