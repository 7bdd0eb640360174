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
