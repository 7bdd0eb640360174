import { nonNullTypes } from '../../common/schema/naming';
import type { PropertySchema } from '../../common/schema/types';

/**
 * What a property is on screen: one kind chooses both its input and its field (REFERENCE.md's
 * schema-to-form mapping). Pure, so the choice is unit-tested without rendering.
 */
export type FieldKind =
  | 'reference'
  | 'referenceArray'
  | 'enum'
  | 'enumArray'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'email'
  | 'url'
  | 'phone'
  | 'mac'
  | 'password'
  | 'color'
  | 'textarea'
  | 'richtext'
  | 'textArray'
  | 'objectArray'
  | 'object'
  | 'text';

const WIDGET_KINDS: Readonly<Record<string, FieldKind>> = {
  textarea: 'textarea',
  richtext: 'richtext',
  date: 'date',
  datetime: 'datetime',
  mac: 'mac',
  phone: 'phone',
  email: 'email',
  url: 'url',
  password: 'password',
  color: 'color',
};

const FORMAT_KINDS: Readonly<Record<string, FieldKind>> = {
  date: 'date',
  'date-time': 'datetime',
  email: 'email',
  uri: 'url',
};

const hasEnum = (property: PropertySchema | undefined): boolean => (property?.enum ?? []).some((v) => v !== null);

function arrayKind(items: PropertySchema | undefined): FieldKind {
  if (items?.['x-reference']) return 'referenceArray';
  if (hasEnum(items)) return 'enumArray';
  const [itemType] = nonNullTypes(items?.type);
  return itemType === 'object' ? 'objectArray' : 'textArray';
}

export function fieldKind(property: PropertySchema): FieldKind {
  if (property['x-reference']) return 'reference';
  if (hasEnum(property)) return 'enum';
  const [type] = nonNullTypes(property.type);
  if (type === 'array') return arrayKind(property.items);
  if (type === 'object') return 'object';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  // An explicit widget wins over the format (a 'date-time' string may still ask for a plain 'date').
  const widget = property['x-widget'];
  if (widget && widget !== 'text') return WIDGET_KINDS[widget] ?? 'text';
  return (property.format && FORMAT_KINDS[property.format]) || 'text';
}

/** Kinds whose list filter is a range (`<field>_gte`, `<field>_lte`). */
export const RANGE_KINDS: ReadonlySet<FieldKind> = new Set(['integer', 'number', 'date', 'datetime']);
