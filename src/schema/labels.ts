import type { i18n as I18next } from 'i18next';
import { englishHelp, labelKeys } from '../../common/schema/naming';
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
  fields: Record<string, string>;
  help: Record<string, string>;
  enums: Record<string, Record<string, string>>;
  tabs: Record<string, string>;
}

/**
 * The labels a schema carries itself, as the 'schemas' namespace would serve them in English.
 * Added to the fallback language so a label the server's file lacks (a brand-new schema, a file
 * that failed to load) still reads as the schema's title instead of a key.
 */
export function schemaTexts(schemas: readonly ResourceSchema[]): { resources: Record<string, ResourceTexts> } {
  const resources: Record<string, ResourceTexts> = {};
  for (const schema of schemas) {
    const english = schema['x-translations']?.en;
    const fields: Record<string, string> = {};
    for (const [field, property] of Object.entries(schema.properties)) fields[field] = property.title ?? humanize(field);
    resources[schema['x-resource'].name] = {
      name: english?.name ?? schema.title,
      fields: { ...fields, ...english?.fields },
      help: { ...englishHelp(schema), ...english?.help },
      enums: english?.enums ?? {},
      tabs: english?.tabs ?? {},
    };
  }
  return { resources };
}

/**
 * English singulars (`name_one`: the schema's `title`, 'Customer'), for the titles of one record
 * ('Create Customer'); other languages have only the plural name and use it.
 */
export function englishSingulars(schemas: readonly ResourceSchema[]): { resources: Record<string, { name_one: string }> } {
  return { resources: Object.fromEntries(schemas.map((schema) => [schema['x-resource'].name, { name_one: schema.title }])) };
}

/**
 * Fills the gaps only: what the server's 'schemas' namespace (and language management) says wins.
 * The singulars go into the English bundle once it is loaded (adding a bundle first would stop
 * i18next from loading the server's), now or when the user switches to English.
 */
let fillSingulars: ((lng: string) => void) | undefined;

export function addSchemaTexts(i18n: I18next, schemas: readonly ResourceSchema[], isEnglish: (lng: string) => boolean): void {
  i18n.addResourceBundle('dev', 'schemas', schemaTexts(schemas), true, false);
  const singulars = englishSingulars(schemas);
  const listening = fillSingulars !== undefined;
  fillSingulars = (lng: string) => {
    if (isEnglish(lng) && i18n.hasResourceBundle(lng, 'schemas')) i18n.addResourceBundle(lng, 'schemas', singulars, true, false);
  };
  i18n.languages?.forEach(fillSingulars);
  if (!listening) i18n.on('loaded', (loaded: Record<string, unknown>) => Object.keys(loaded).forEach((lng) => fillSingulars?.(lng)));
}

export { labelKeys };
