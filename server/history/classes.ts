/**
 * Retention classes of the location history (positions and device_events). Every row carries its
 * tenant's class (`keep_days`); each class is its own partition, cut by time into ranges about a
 * thirtieth of the class wide. A retention run drops a range once its end is a class ago: whole
 * tables, never row by row, and at most a thirtieth of the period late
 * (docs/decisions/039-partitioned-history-and-its-retention.md).
 */
export const HISTORY_CLASSES = [30, 90, 180, 365, 730] as const;
export type HistoryClass = (typeof HISTORY_CLASSES)[number];

/** The host's defaults when RETENTION_HISTORY_* are not set: why in docs/decisions/039-partitioned-history-and-its-retention.md. */
export const HISTORY_DEFAULT_DAYS: HistoryClass = 90;
export const HISTORY_MAX_DAYS: HistoryClass = 730;

export const DAY_MS = 86_400_000;

/** The partitioned history tables and the time column each is cut by. */
export const HISTORY_TABLES = { positions: 'fix_time', device_events: 'event_time' } as const;
export type HistoryTable = keyof typeof HISTORY_TABLES;

export const isHistoryClass = (days: number): days is HistoryClass => (HISTORY_CLASSES as readonly number[]).includes(days);

/** How many days one time range of a class spans. */
export const widthDays = (days: HistoryClass): number => Math.max(1, Math.floor(days / 30));

/** Ranges are made this far ahead of the clock, so a write never waits for one. */
export const AHEAD_DAYS = 7;

/** The class partition of a table (list partition on keep_days). */
export const classTable = (table: HistoryTable, days: HistoryClass) => `${table}_k${days}`;

/** One time range of a class: days since 1970-01-01 where it starts, and its table's name. */
export interface Range {
  table: HistoryTable;
  days: HistoryClass;
  startDay: number;
  from: Date;
  to: Date;
  name: string;
}

export function rangeOf(table: HistoryTable, days: HistoryClass, startDay: number): Range {
  const w = widthDays(days);
  return { table, days, startDay, from: new Date(startDay * DAY_MS), to: new Date((startDay + w) * DAY_MS), name: `${classTable(table, days)}_d${startDay}` };
}

/** The range of a class holding a time. */
export function rangeAt(table: HistoryTable, days: HistoryClass, time: Date): Range {
  const w = widthDays(days);
  return rangeOf(table, days, Math.floor(Math.floor(time.getTime() / DAY_MS) / w) * w);
}

/** Ranges of a class covering [from, to). */
export function rangesCovering(table: HistoryTable, days: HistoryClass, from: Date, to: Date): Range[] {
  const out: Range[] = [];
  for (let r = rangeAt(table, days, from); r.from < to; r = rangeOf(table, days, r.startDay + widthDays(days))) out.push(r);
  return out;
}

/** Reads a range back from its table name (null for the class's default partition or any other table). */
export function parseRange(name: string): Range | null {
  const m = /^(positions|device_events)_k(\d+)_d(\d+)$/.exec(name);
  if (!m) return null;
  const days = Number(m[2]);
  if (!isHistoryClass(days)) return null;
  return rangeOf(m[1] as HistoryTable, days, Number(m[3]));
}

/** When a range is dropped: a class after its end. */
export const expiresAt = (range: Range): Date => new Date(range.to.getTime() + range.days * DAY_MS);
