import { listQuerystring, type DynamicObjectSchema } from '../../schema-engine/openapi-schemas';
import type { ResourceModel } from '../../schema-engine/resource-model';

/** The export's query parameters: the list's (listQuerystring), without paging (every match is exported). */
export function exportQuerystring(model: ResourceModel): DynamicObjectSchema {
  const properties = Object.entries(listQuerystring(model).properties).filter(([name]) => name !== 'SkipCount' && name !== 'MaxResultCount');
  return { type: 'object', properties: Object.fromEntries(properties) };
}
