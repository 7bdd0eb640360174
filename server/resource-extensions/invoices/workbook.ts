import type ExcelJS from 'exceljs';
import { nonNullTypes } from '../../../common/schema/naming';
import { fieldLabel, type ResourceModel, type Row } from '../../schema-engine/resource-model';
import { enumLabel, resourceLabel } from '../../schema-engine/labels';

/**
 * A schema resource's rows as an Excel sheet people can sort and sum: headers are the fields'
 * labels in the reader's language, dates are real dates, amounts numbers with 2 decimals, enum
 * values and references their labels (not codes and ids). Rows come with a `<column>__display`
 * value for each reference (see displaySelections).
 */

/** The exported fields: the list's columns first, then the other stored fields (not hidden ones). */
export function exportFields(model: ResourceModel): string[] {
  const listed = model.schema['x-resource'].list.columns.filter((f) => model.columnOf.has(f));
  const rest = model.columns.map((c) => c.field).filter((f) => !listed.includes(f) && !model.schema.properties[f]?.['x-hidden']);
  return [...listed, ...rest];
}

function isoDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || !value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function cellOf(model: ResourceModel, field: string, row: Row, lang: string): ExcelJS.CellValue {
  const property = model.schema.properties[field]!;
  const column = model.columnOf.get(field)!;
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (property['x-reference']) return (row[`${column}__display`] as string | null) ?? String(value);
  if (property.enum) return enumLabel(model.schema, field, String(value), lang);
  if (property.format === 'date' || property.format === 'date-time') return isoDate(value);
  const [type] = nonNullTypes(property.type);
  if (type === 'number') return Math.round(Number(value) * 100) / 100;
  if (type === 'integer') return Number(value);
  if (type === 'boolean') return Boolean(value);
  if (type === 'array' || type === 'object') return JSON.stringify(value);
  return String(value);
}

function numFmtOf(model: ResourceModel, field: string): string | undefined {
  const property = model.schema.properties[field]!;
  if (property['x-reference'] || property.enum) return undefined;
  if (property.format === 'date') return 'yyyy-mm-dd';
  if (property.format === 'date-time') return 'yyyy-mm-dd hh:mm';
  const [type] = nonNullTypes(property.type);
  return type === 'number' ? '#,##0.00' : type === 'integer' ? '0' : undefined;
}

export async function workbookOf(model: ResourceModel, rows: Row[], lang: string): Promise<Buffer> {
  // A large library most server processes never need: loaded on the first export.
  const { default: Excel } = await import('exceljs');
  const fields = exportFields(model);
  const workbook = new Excel.Workbook();
  workbook.creator = 'Vigil';
  workbook.created = new Date();
  // Sheet names are at most 31 characters and may not hold : \ / ? * [ ].
  const name = resourceLabel(model.schema, lang).replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = fields.map((field) => {
    const numFmt = numFmtOf(model, field);
    const header = fieldLabel(model.schema, field, lang);
    return { header, key: field, width: Math.max(12, header.length + 2), ...(numFmt ? { style: { numFmt } } : {}) };
  });
  for (const row of rows) sheet.addRow(Object.fromEntries(fields.map((f) => [f, cellOf(model, f, row, lang)])));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: fields.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
