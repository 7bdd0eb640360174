import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { ListContext } from 'react-admin';
import { filterQuery } from '../../../providers/abpListQuery';
import type { QueryValue } from '../../../providers/apiFetch';
import { apiFile, type QueryOf } from '../../../providers/openapi/typedApi';
import { attachmentName, saveBlob } from '../../../resources/invoices/download';
import { useNotifyError } from '../identity/useNotifyError';

const REPORTS = { userOverview: '/api/app/datareport/userOverview', securitylogs: '/api/app/datareport/securitylogs' } as const;
export type Report = keyof typeof REPORTS;

/**
 * Downloads a datareport as an Excel workbook with the list's current filters (inside a
 * react-admin list) or the ones given.
 */
export function ReportButton({ report, query }: { report: Report; query?: Record<string, QueryValue> }) {
  const { t } = useTranslation('identity');
  const notifyError = useNotifyError();
  const list = useContext(ListContext);
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const filters = query ?? filterQuery(list?.filterValues as Record<string, unknown> | undefined);
      // The list's filters as its screen sends them: the report takes the same names.
      const { blob, headers } = await apiFile('get', REPORTS[report], { query: { ...filters, format: 'xlsx' } as QueryOf<(typeof REPORTS)[Report]> });
      if (blob) saveBlob(blob, attachmentName(headers.get('content-disposition'), `${report}.xlsx`));
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={pending} sx={{ alignSelf: 'center' }}>
      {t(`reports.download.${report}`)}
    </Button>
  );
}
