import { BulkDeleteButton } from 'react-admin';
import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';
import { SchemaListActions } from '../../schema/views/SchemaListActions';
import { BulkDeactivateButton } from './BulkDeactivateButton';
import { UploadCsvButton } from '../../components/csv-upload/UploadCsvButton';

/** The generated SIM card list with "Upload CSV" in its toolbar and "Deactivate" for the selected cards. */
export function SimCardList() {
  const schema = schemaOf('simcards');
  if (!schema) return null;
  return (
    <SchemaList
      schema={schema}
      actions={<SchemaListActions><UploadCsvButton schema={schema} target={{ path: '/api/app/simCardInstance/batchUpload', title: 'simcards.upload.title', help: 'simcards.upload.help' }} /></SchemaListActions>}
      // Upload CSV is how the first cards usually arrive: keep the toolbar on an empty list.
      empty={false}
      bulkActionButtons={
        <>
          <BulkDeactivateButton />
          <BulkDeleteButton />
        </>
      }
    />
  );
}
