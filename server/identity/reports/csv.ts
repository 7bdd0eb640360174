import { folderOf } from '../../localization/texts';

/**
 * CSV for spreadsheets: UTF-8 with a byte order mark (so Excel reads æøå), CRLF line ends, the
 * separator Excel expects in the language ('.' decimal languages ',', the others ';'), RFC 4180
 * quoting, and text that a spreadsheet would run as a formula (= + - @ at the start) made inert
 * with a leading apostrophe (CSV injection).
 */
export type Cell = string | number | boolean | Date | null | undefined;

export const separatorFor = (lang: string) => (folderOf(lang) === 'en' ? ',' : ';');

const two = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm:ss' in UTC: sortable and read as a date by spreadsheets. */
export function csvDate(value: Date | string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

function cell(value: Cell, separator: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return csvDate(value);
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvDocument(headers: readonly string[], rows: readonly (readonly Cell[])[], lang: string): string {
  const separator = separatorFor(lang);
  const line = (cells: readonly Cell[]) => cells.map((c) => cell(c, separator)).join(separator);
  return `\uFEFF${[line(headers), ...rows.map(line)].join('\r\n')}\r\n`;
}
