import type { ResourceSchema } from '../../common/schema/types';
import { folderOf } from '../localization/texts';

/** An enum value's label in a language: the schema's translation, else its English one, else the value. */
export function enumLabel(schema: ResourceSchema, field: string, value: string, lang: string): string {
  const translations = schema['x-translations'];
  return translations?.[folderOf(lang)]?.enums?.[field]?.[value] ?? translations?.en?.enums?.[field]?.[value] ?? value;
}

/** The resource's plural name in a language (sheet names, file titles). */
export function resourceLabel(schema: ResourceSchema, lang: string): string {
  const translations = schema['x-translations'];
  return translations?.[folderOf(lang)]?.name ?? translations?.en?.name ?? schema.title;
}

/**
 * The enum value a text names: the value itself or its label in any language the schema has
 * ('Active', 'aktiv', 'Deaktiveret'), ignoring case, as a CSV written from the list reads.
 */
export function enumValueOf(schema: ResourceSchema, field: string, text: string): string | undefined {
  const wanted = text.trim().toLocaleLowerCase();
  const values = (schema.properties[field]?.enum ?? []).filter((value): value is string => typeof value === 'string');
  const labels = Object.values(schema['x-translations'] ?? {}).map((translation) => translation.enums?.[field] ?? {});
  return values.find((value) => value.toLocaleLowerCase() === wanted || labels.some((names) => names[value]?.toLocaleLowerCase() === wanted));
}
