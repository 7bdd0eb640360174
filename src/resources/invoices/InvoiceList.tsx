import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';
import { SchemaListActions } from '../../schema/views/SchemaListActions';
import { ExcelExportButton } from './ExcelExportButton';

/** The generated invoice list with "Export to Excel" beside the CSV export. */
export function InvoiceList() {
  const schema = schemaOf('invoices');
  if (!schema) return null;
  return <SchemaList schema={schema} actions={<SchemaListActions><ExcelExportButton /></SchemaListActions>} />;
}
