import { CreateButton, ExportButton, FilterButton, TopToolbar, useFilterContext, useListContext } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';
import { ExcelExportButton } from './ExcelExportButton';

function InvoiceActions({ schema }: { schema: ResourceSchema }) {
  const filters = useFilterContext();
  const { total } = useListContext();
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      <CreateButton />
      <ExportButton disabled={total === 0} />
      <ExcelExportButton endpoint={`${schema['x-resource'].endpoint}/excel`} />
    </TopToolbar>
  );
}

/** The generated invoice list with "Export to Excel" beside the CSV export. */
export function InvoiceList() {
  const schema = schemaOf('invoices');
  if (!schema) return null;
  return <SchemaList schema={schema} actions={<InvoiceActions schema={schema} />} />;
}
