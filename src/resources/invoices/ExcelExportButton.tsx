import { useState } from 'react';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Button, useListContext, useNotify } from 'react-admin';
import { listQuery } from '../../providers/abpListQuery';
import { httpClient } from '../../providers/httpClient';
import { problemsOf } from '../simcards/types';
import { attachmentName, saveBlob } from './download';

/** Downloads the server's Excel file of the list as filtered, searched and sorted now (every page). */
export function ExcelExportButton({ endpoint }: { endpoint: string }) {
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const { blob, headers } = await httpClient(endpoint, { query: listQuery({ filter: filterValues, sort }), responseType: 'blob' });
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
