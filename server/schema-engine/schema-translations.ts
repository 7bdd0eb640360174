import { englishHelp } from '../../common/schema/naming';
import type { ResourceSchema } from '../../common/schema/types';

type Labels = { name?: string; fields: Record<string, string>; help: Record<string, string>; enums: Record<string, Record<string, string>>; tabs: Record<string, string> };

/**
 * The `schemas` translation namespace of one language, built from the schema files: English from
 * the titles and descriptions (and `x-translations.en`), other languages from
 * `x-translations.<folder>`. A label a language lacks is left out, so i18next falls back to English.
 */
export function schemaNamespace(schemas: ResourceSchema[], folder: string): { resources: Record<string, Labels> } {
  const resources: Record<string, Labels> = {};
  for (const schema of schemas) {
    const own = schema['x-translations']?.[folder];
    const english = folder === 'en';
    const labels: Labels = {
      ...(own?.name ? { name: own.name } : english ? { name: schema.title } : {}),
      fields: { ...(english ? Object.fromEntries(Object.entries(schema.properties).map(([f, p]) => [f, p.title ?? f])) : {}), ...own?.fields },
      help: { ...(english ? englishHelp(schema) : {}), ...own?.help },
      enums: { ...own?.enums },
      tabs: { ...own?.tabs },
    };
    resources[schema['x-resource'].name] = labels;
  }
  return { resources };
}
