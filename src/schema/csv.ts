/**
 * RFC 4180 CSV: a header row, then one row per record, every cell quoted when it holds a comma,
 * a quote or a line break. Cells that a spreadsheet would run as a formula ('=', '+', '-', '@' at
 * the start) are prefixed with a quote mark (OWASP's CSV-injection advice). Numbers pass as they are.
 */
export type Cell = string | number | boolean | null | undefined;

function escapeCell(value: Cell): string {
  if (value == null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [headers, ...rows].map((row) => row.map(escapeCell).join(',')).join('\r\n');
}
