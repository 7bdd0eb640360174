import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** PostgreSQL types an unnested column may have (constants: they are written into the SQL). */
export type ColumnSqlType = 'uuid' | 'text' | 'timestamptz' | 'float8' | 'real' | 'int' | 'bigint' | 'boolean' | 'jsonb';

type Cell = string | number | boolean | Date | null | undefined;

/** Quoted array element: backslashes and double quotes escaped (PostgreSQL's array input syntax). */
const quoted = (text: string) => (text.includes('"') || text.includes('\\') ? `"${text.replace(/[\\"]/g, '\\$&')}"` : `"${text}"`);

/**
 * One column as an array literal ('{a,b,NULL}'). Written here rather than by the driver, which
 * inspects and escapes every element and formats dates in local time: for a batch of thousands
 * of cells that was a large share of the ingest's CPU. Numbers, booleans and uuids need no quotes;
 * text, jsonb (given as JSON text) and timestamps (ISO 8601, UTC) are quoted.
 */
export function arrayLiteral(type: ColumnSqlType, values: readonly Cell[]): string {
  const plain = type === 'uuid' || type === 'float8' || type === 'real' || type === 'int' || type === 'bigint';
  const out = new Array<string>(values.length);
  // Formatting a date is the slowest cell; a batch repeats one (its arrival time) in every row.
  let lastDate: Date | undefined;
  let lastText = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) out[i] = 'NULL';
    else if (v instanceof Date) {
      if (v !== lastDate) {
        lastDate = v;
        lastText = `"${v.toISOString()}"`;
      }
      out[i] = lastText;
    } else if (typeof v === 'boolean') out[i] = v ? 't' : 'f';
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new TypeError(`Not a finite number for a ${type} column: ${v}`);
      out[i] = String(v);
    } else out[i] = plain ? v : quoted(v);
  }
  return `{${out.join(',')}}`;
}

/**
 * Many rows as `unnest($1::uuid[], $2::text[], …) as alias(a, b, …)`: one array parameter per
 * column however many rows there are. A multi-row VALUES list costs a parameter per cell to bind
 * and to plan (a batch of 800 rows is thousands); this costs one per column, on PostgreSQL and
 * on PGlite alike. Use it as a FROM item (`update … from ${unnest(…)}`) or as
 * `insert … select * from ${unnest(…)}`. jsonb values are given as JSON text.
 */
export function unnest<Row extends { [K in keyof Row]: Cell }>(
  alias: string,
  columns: { readonly [K in keyof Row]: ColumnSqlType },
  rows: readonly Row[],
): RawBuilder<unknown> {
  const names = Object.keys(columns) as (keyof Row & string)[];
  const arrays = names.map((name) => sql`${arrayLiteral(columns[name], rows.map((r) => r[name]))}::${sql.raw(columns[name])}[]`);
  return sql`unnest(${sql.join(arrays)}) as ${sql.ref(alias)}(${sql.join(names.map((n) => sql.ref(n)))})`;
}

/**
 * `column = any('{…}'::type[])`: membership in a long list as one array parameter, where
 * kysely's `in` binds a parameter per value (hundreds for an ingest batch).
 */
export function inArray(column: string, type: ColumnSqlType, values: readonly Cell[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = any(${arrayLiteral(type, values)}::${sql.raw(type)}[])`;
}
