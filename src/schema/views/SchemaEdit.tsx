import type { ReactNode } from 'react';
import { Edit } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { viewEnabled } from '../fields';
import { toPayload } from '../payload';
import { CONTAINED_CARD } from './containedCard';
import { SchemaForm } from './SchemaForm';

/**
 * The generated edit page. Pessimistic: the server's answer comes before leaving the page, so its
 * validation errors land on their fields and a stale `concurrencyStamp` (409) is reported here.
 */
export default function SchemaEdit({ schema, tabExtras }: { schema: ResourceSchema; tabExtras?: Partial<Record<string, ReactNode>> }) {
  return (
    <Edit
      sx={CONTAINED_CARD}
      mutationMode="pessimistic"
      transform={(data: Record<string, unknown>) => toPayload(data, schema)}
      redirect={viewEnabled(schema, 'show') ? 'show' : 'list'}
    >
      <SchemaForm schema={schema} mode="edit" tabExtras={tabExtras} />
    </Edit>
  );
}
