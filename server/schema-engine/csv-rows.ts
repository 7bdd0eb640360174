import { nonNullTypes } from '../../common/schema/naming';
import { badRequest } from '../http/errors';
import { translate } from '../localization/texts';
import type { ResourceModel } from './resource-model';
import { fieldLabel } from './resource-model';
import { enumValueOf } from './labels';

/**
 * From CSV text cells to the record a POST would carry: the header names the schema's writable
 * fields (by field name, English title or the caller's label, ignoring case, spaces, '-' and '_'),
 * an empty cell is no value, numbers and booleans are read from their text, a choice from its
 * value or its label in any language (any case, as the list shows it), and a field left empty
 * gets its schema default, as a form would fill it in.
 */
const key = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Prefix of a column that is not a field of the resource (mapHeader's answer for an extra column). */
export const EXTRA = 'extra:';

export interface UploadColumns {
  /** Extra column name -> the header texts that name it (besides the name itself). */
  extraColumns?: Record<string, string[]>;
  /** Required fields the resource fills itself when their column is absent. */
  filled?: string[];
}

export function mapHeader(model: ResourceModel, header: string[], lang: string, options: UploadColumns = {}): string[] {
  const names = new Map<string, string>();
  for (const field of model.writable) {
    for (const name of [field, model.schema.properties[field]?.title ?? field, fieldLabel(model.schema, field, lang)]) names.set(key(name), field);
  }
  for (const [extra, aliases] of Object.entries(options.extraColumns ?? {})) for (const name of [extra, ...aliases]) names.set(key(name), `${EXTRA}${extra}`);
  const fields: string[] = [];
  const problems: { message: string; members: string[] }[] = [];
  header.forEach((raw, index) => {
    const column = raw.trim();
    const field = names.get(key(column));
    if (!field) {
      problems.push({ message: translate('batchUpload.unknownColumn', lang, { column: column.slice(0, 64) || `#${index + 1}`, known: [...model.writable, ...Object.keys(options.extraColumns ?? {})].join(', ') }), members: ['csv'] });
    } else if (fields.includes(field)) {
      problems.push({ message: translate('batchUpload.duplicateColumn', lang, { column }), members: ['csv'] });
    }
    fields.push(field ?? '');
  });
  for (const field of model.schema.required ?? []) {
    if (model.writable.includes(field) && !fields.includes(field) && model.schema.properties[field]?.default === undefined && !options.filled?.includes(field)) {
      problems.push({ message: translate('batchUpload.missingColumn', lang, { column: field }), members: ['csv'] });
    }
  }
  if (problems.length) throw badRequest(translate('batchUpload.badHeader', lang), problems);
  return fields;
}

function typed(model: ResourceModel, field: string, text: string): unknown {
  const property = model.schema.properties[field];
  if (property?.enum) return enumValueOf(model.schema, field, text) ?? text;
  const [type] = nonNullTypes(property?.type);
  if (type === 'integer' || type === 'number') return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : text;
  if (type === 'boolean') {
    const word = text.toLowerCase();
    return ['true', '1', 'yes'].includes(word) ? true : ['false', '0', 'no'].includes(word) ? false : text;
  }
  if (type === 'array' || type === 'object') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** One line's cells as a create body (before normalizeBody and validation). */
export function rowRecord(model: ResourceModel, fields: string[], cells: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  fields.forEach((field, index) => {
    if (field.startsWith(EXTRA)) return;
    const text = (cells[index] ?? '').trim();
    if (text !== '') record[field] = typed(model, field, text);
  });
  for (const field of model.writable) {
    const fallback = model.schema.properties[field]?.default;
    if (!(field in record) && fallback !== undefined) record[field] = fallback;
  }
  return record;
}
