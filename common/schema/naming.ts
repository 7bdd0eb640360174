import type { ResourceSchema } from './types';

/** camelCase field name to snake_case column name ('discountPercentage' -> 'discount_percentage'). */
export function columnName(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();
}

/** The property's JSON types without 'null'. */
export function nonNullTypes(type: string | string[] | undefined): string[] {
  return [type ?? 'string'].flat().filter((t) => t !== 'null');
}

export function isNullable(type: string | string[] | undefined): boolean {
  return [type ?? 'string'].flat().includes('null');
}

/** Translation keys of a resource's labels (namespace 'schemas'). */
export const labelKeys = {
  name: (resource: string) => `resources.${resource}.name`,
  field: (resource: string, field: string) => `resources.${resource}.fields.${field}`,
  help: (resource: string, field: string) => `resources.${resource}.help.${field}`,
  enumValue: (resource: string, field: string, value: string) => `resources.${resource}.enums.${field}.${value}`,
  tab: (resource: string, tab: string) => `resources.${resource}.tabs.${tab}`,
};

/** A schema's English help texts by field: its top-level properties' descriptions. */
export function englishHelp(schema: ResourceSchema): Record<string, string> {
  return Object.fromEntries(Object.entries(schema.properties).flatMap(([field, p]) => (p.description ? [[field, p.description]] : [])));
}
