import { checkedListQuery, type DynamicObjectSchema } from '../../schema-engine/openapi-schemas';
import type { ResourceModel } from '../../schema-engine/resource-model';

/** The export's query parameters: the list's, checked, without paging (every match is exported; SkipCount and MaxResultCount are dropped). */
export function exportQuerystring(model: ResourceModel): DynamicObjectSchema {
  return checkedListQuery(model, { paging: false });
}
