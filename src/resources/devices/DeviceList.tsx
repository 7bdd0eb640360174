import { BulkDeleteButton } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { UploadCsvButton } from '../../components/csv-upload/UploadCsvButton';
import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';
import { SchemaListActions } from '../../schema/views/SchemaListActions';
import { STOCK_BASE } from './api';
import { ExchangeButton } from './ExchangeButton';
import { ReportsMenu } from './ReportsMenu';
import { StopMenuButton } from './StopMenuButton';

const UPLOAD = { path: `${STOCK_BASE}/hostData/batchCreate`, title: 'stock:upload.title', help: 'stock:upload.help' };

/**
 * The generated device list with the stock work of back-office staff: devices from a CSV file,
 * data reports, and for the selected devices the stop reasons, back in service and exchange.
 */
export function DeviceList() {
  const schema = schemaOf('devices');
  // The stock texts (dialogs, menus) are one namespace, loaded with the list.
  const { ready } = useTranslation('stock');
  if (!schema || !ready) return null;
  return (
    <SchemaList
      schema={schema}
      actions={
        <SchemaListActions>
          <UploadCsvButton schema={schema} target={UPLOAD} />
          <ReportsMenu />
        </SchemaListActions>
      }
      // Upload CSV is how devices usually arrive: keep the toolbar on an empty list.
      empty={false}
      bulkActionButtons={
        <>
          <ExchangeButton />
          <StopMenuButton />
          <BulkDeleteButton />
        </>
      }
    />
  );
}
