import type { i18n as I18next } from 'i18next';
import { labelKeys } from '../../common/schema/naming';
import type { PropertySchema, ResourceSchema } from '../../common/schema/types';

/** 'launchDate' -> 'Launch date': the last resort when a property has no title. */
export function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The property at a dotted path ('contacts.email' reads the array's item properties). */
export function propertyAt(schema: ResourceSchema, path: string): PropertySchema | undefined {
  let properties: Record<string, PropertySchema> | undefined = schema.properties;
  let property: PropertySchema | undefined;
  for (const segment of path.split('.')) {
    property = properties?.[segment];
    if (!property) return undefined;
    properties = property.properties ?? property.items?.properties;
  }
  return property;
}

/** The schema's English label of a field: its `title`, else the humanized name. */
export function fieldTitle(schema: ResourceSchema, path: string): string {
  return propertyAt(schema, path)?.title ?? humanize(path.split('.').pop() ?? path);
}

interface ResourceTexts {
  name: string;
  name_one: string;
  fields: Record<string, string>;
  enums: Record<string, Record<string, string>>;
  tabs: Record<string, string>;
}

/**
 * The labels a schema carries itself, as the 'schemas' namespace would serve them in English.
 * Added to the fallback language so a label the server's file lacks (a brand-new schema, a file
 * that failed to load) still reads as the schema's title instead of a key. `name_one` is the
 * singular (the schema's `title`), used in page titles of one record.
 */
export function schemaTexts(schemas: readonly ResourceSchema[]): { resources: Record<string, ResourceTexts> } {
  const resources: Record<string, ResourceTexts> = {};
  for (const schema of schemas) {
    const english = schema['x-translations']?.en;
    const fields: Record<string, string> = {};
    for (const [field, property] of Object.entries(schema.properties)) fields[field] = property.title ?? humanize(field);
    resources[schema['x-resource'].name] = {
      name: english?.name ?? schema.title,
      name_one: schema.title,
      fields: { ...fields, ...english?.fields },
      enums: english?.enums ?? {},
      tabs: english?.tabs ?? {},
    };
  }
  return { resources };
}

/** Fills the gaps only: what the server's 'schemas' namespace (and language management) says wins. */
export function addSchemaTexts(i18n: I18next, schemas: readonly ResourceSchema[]): void {
  i18n.addResourceBundle('dev', 'schemas', schemaTexts(schemas), true, false);
}

export { labelKeys };
