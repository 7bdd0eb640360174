import { Create } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { viewEnabled } from '../fields';
import { toPayload } from '../payload';
import { CONTAINED_CARD } from './containedCard';
import { SchemaForm } from './SchemaForm';

/** The generated create page; the new record opens on its show page (or the list). */
export default function SchemaCreate({ schema }: { schema: ResourceSchema }) {
  return (
    <Create sx={CONTAINED_CARD} transform={(data: Record<string, unknown>) => toPayload(data, schema)} redirect={viewEnabled(schema, 'show') ? 'show' : 'list'}>
      <SchemaForm schema={schema} mode="create" />
    </Create>
  );
}
