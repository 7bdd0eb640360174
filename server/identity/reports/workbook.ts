import type { Cell } from './csv';

/** The MIME type of an Excel workbook (.xlsx). */

/** A report as both download formats take it: translated headers and typed cells. */
export interface ReportTable {
  /** The sheet's name (at most 31 characters, no : \ / ? * [ ]). */
  sheet: string;
  headers: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/**
 * A report as an Excel sheet: bold frozen header row with a filter, dates as real dates shown in
 * UTC as 'yyyy-mm-dd hh:mm:ss' (the CSV's format), text as text, so nothing a user wrote is ever
 * read as a formula (exceljs writes strings as shared strings, never as formulas).
 */
export async function reportWorkbook(table: ReportTable): Promise<Buffer> {
  // A large library most server processes never need: loaded on the first download.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Vigil';
  workbook.created = new Date();
  const name = table.sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = table.headers.map((h) => Math.max(12, h.length + 2));
  sheet.addRow([...table.headers]).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(row.map((c) => (c === undefined ? null : c)));
    row.forEach((c, i) => {
      if (c instanceof Date) added.getCell(i + 1).numFmt = 'yyyy-mm-dd hh:mm:ss';
      const length = c instanceof Date ? 19 : String(c ?? '').length;
      widths[i] = Math.min(60, Math.max(widths[i] ?? 12, length + 2));
    });
  }
  widths.forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  if (table.headers.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.headers.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
