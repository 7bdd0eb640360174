import { useState } from 'react';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Button, useListContext, useNotify } from 'react-admin';
import { listQuery } from '../../providers/abpListQuery';
import { apiFile, type QueryOf } from '../../providers/openapi/typedApi';
import { problemsOf } from '../simcards/types';
import { attachmentName, saveBlob } from './download';

/** Downloads the server's Excel file of the invoice list as filtered, searched and sorted now (every page). */
export function ExcelExportButton() {
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      // The list's filters as the schema list sends them (field names of the invoice schema).
      const query = listQuery({ filter: filterValues, sort }) as QueryOf<'/api/app/invoice/excel'>;
      const { blob, headers } = await apiFile('get', '/api/app/invoice/excel', { query });
      if (blob) saveBlob(blob, attachmentName(headers.get('content-disposition'), 'invoices.xlsx'));
    } catch (error) {
      const { message } = problemsOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button label="invoices.exportExcel" onClick={download} disabled={pending || total === 0}>
      <GridOnIcon />
    </Button>
  );
}
