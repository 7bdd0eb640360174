import type { ColumnType } from 'kysely';

/** Column types the modules' tables share (server/<module>/tables.ts). */

/** A timestamp: written as Date or ISO string, read as Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Set by the database on insert (default now()), never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A nullable column that may be left out on insert (it defaults to null). */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
