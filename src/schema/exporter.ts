import { downloadCSV, type Exporter, type FetchRelatedRecords, type RaRecord } from 'react-admin';
import type { ResourceSchema } from '../../common/schema/types';
import { recordsToCsv, type ReferenceTexts } from './exportCsv';
import { shownFields } from './fields';
import type { Translate } from './validation/messages';

/** Fetches the display value of every referenced record once (getMany per referenced resource). */
async function referenceTexts(records: RaRecord[], schema: ResourceSchema, fetchRelated: FetchRelatedRecords, known: (resource: string) => boolean): Promise<ReferenceTexts> {
  const texts: ReferenceTexts = {};
  await Promise.all(
    shownFields(schema).map(async (field) => {
      const property = schema.properties[field]!;
      const reference = property['x-reference'] ?? property.items?.['x-reference'];
      if (!reference || !known(reference.resource)) return;
      const related = await fetchRelated<RaRecord>(records, field, reference.resource).catch(() => ({}) as Record<string, RaRecord>);
      texts[field] = Object.fromEntries(Object.entries(related).map(([id, record]) => [id, String(record[reference.display] ?? id)]));
    }),
  );
  return texts;
}

/** react-admin's exporter for a schema resource: translated headers, resolved references. */
export function schemaExporter(schema: ResourceSchema, translate: Translate, labelOf: (field: string) => string, known: (resource: string) => boolean): Exporter {
  return async (records: RaRecord[], fetchRelated: FetchRelatedRecords) => {
    const references = await referenceTexts(records, schema, fetchRelated, known);
    downloadCSV(recordsToCsv(records, schema, references, translate, labelOf), schema['x-resource'].name);
  };
}
