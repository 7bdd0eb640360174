/**
 * The database's type, Kysely's one `Database` interface (table name to row type). It is declared
 * empty here and every module adds its own tables from its own folder, server/<module>/tables.ts,
 * by declaration merging:
 *
 *   declare module '../db/tables' {
 *     interface Database { my_table: MyTable }
 *   }
 *
 * so server/db names no module, each table is declared once next to the code that owns it, and
 * two modules declaring the same table differently fail the type check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
