import { BulkDeleteButton, CreateButton, ExportButton, FilterButton, TopToolbar, useFilterContext, useListContext } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';
import { BulkDeactivateButton } from './BulkDeactivateButton';
import { UploadCsvButton } from '../../components/csv-upload/UploadCsvButton';

function SimCardActions({ schema }: { schema: ResourceSchema }) {
  const filters = useFilterContext();
  const { total } = useListContext();
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      <CreateButton />
      <ExportButton disabled={total === 0} />
      <UploadCsvButton schema={schema} target={{ path: `${schema['x-resource'].endpoint}/batchUpload`, title: 'simcards.upload.title', help: 'simcards.upload.help' }} />
    </TopToolbar>
  );
}

/** The generated SIM card list with "Upload CSV" in its toolbar and "Deactivate" for the selected cards. */
export function SimCardList() {
  const schema = schemaOf('simcards');
  if (!schema) return null;
  return (
    <SchemaList
      schema={schema}
      actions={<SimCardActions schema={schema} />}
      // Upload CSV is how the first cards usually arrive: keep the toolbar on an empty list.
      empty={false}
      bulkActionButtons={
        <>
          <BulkDeactivateButton schema={schema} />
          <BulkDeleteButton />
        </>
      }
    />
  );
}
