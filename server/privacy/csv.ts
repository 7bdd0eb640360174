/** CSV as RFC 4180 says: comma separated, CRLF line ends, a field quoted when it holds a comma, quote or line break. */
export type CsvValue = string | number | boolean | Date | null | undefined | object;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;
