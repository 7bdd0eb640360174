import type { RaRecord } from 'react-admin';
import { labelKeys } from '../../common/schema/naming';
import type { ResourceSchema } from '../../common/schema/types';
import { toCsv, type Cell } from './csv';
import { fieldKind } from './fieldKind';
import { shownFields } from './fields';
import type { Translate } from './validation/messages';

/** Display values of referenced records: field -> id -> text. */
export type ReferenceTexts = Record<string, Record<string, string>>;

/**
 * One CSV cell per field as a person reads it on screen: references by their display value, enum
 * values by their translated label, lists joined; dates stay ISO 8601 so spreadsheets sort them.
 */
export function exportCell(schema: ResourceSchema, field: string, value: unknown, references: ReferenceTexts, translate: Translate): Cell {
  if (value == null) return '';
  const property = schema.properties[field]!;
  const resource = schema['x-resource'].name;
  const enumLabel = (v: unknown) => translate(labelKeys.enumValue(resource, field, String(v)), { _: String(v) });
  const referenceText = (id: unknown) => references[field]?.[String(id)] ?? String(id);
  const list = (values: unknown, one: (v: unknown) => string) => (Array.isArray(values) ? values.map(one).join('; ') : one(values));
  switch (fieldKind(property)) {
    case 'reference':
      return referenceText(value);
    case 'referenceArray':
      return list(value, referenceText);
    case 'enum':
      return enumLabel(value);
    case 'enumArray':
      return list(value, enumLabel);
    case 'textArray':
      return list(value, String);
    case 'object':
    case 'objectArray':
      return JSON.stringify(value);
    default:
      return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
  }
}

export function recordsToCsv(
  records: readonly RaRecord[],
  schema: ResourceSchema,
  references: ReferenceTexts,
  translate: Translate,
  labelOf: (field: string) => string,
): string {
  const fields = shownFields(schema);
  const headers = ['id', ...fields.map(labelOf)];
  const rows = records.map((record) => [String(record.id), ...fields.map((field) => exportCell(schema, field, record[field], references, translate))]);
  return toCsv(headers, rows);
}
