import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { downloadInvoice, type Invoice } from './api';
import { formatDay, formatMoney } from './format';

/** Invoice history: date, number, monthly/yearly, amount, status, PDF download. */
export function InvoiceHistory({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation('billing');
  const notify = useNotify();
  const download = async (invoice: Invoice) => {
    try {
      await downloadInvoice(invoice);
    } catch {
      notify(t('history.downloadFailed'), { type: 'error' });
    }
  };
  return (
    <section aria-labelledby="billing-history">
      <Typography variant="h5" component="h2" id="billing-history" gutterBottom>
        {t('history.title')}
      </Typography>
      {invoices.length === 0 ? (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      ) : (
        // A phone swipes the table inside its own region: `contain: inline-size` keeps the table's
        // width from widening the page, and `position: relative` keeps the hidden column label in it.
        <TableContainer tabIndex={0} aria-labelledby="billing-history" role="region" sx={{ contain: 'inline-size', position: 'relative' }}>
          <Table size="small" aria-labelledby="billing-history">
            <TableHead>
              <TableRow>
                <TableCell>{t('history.date')}</TableCell>
                <TableCell>{t('history.number')}</TableCell>
                <TableCell>{t('history.type')}</TableCell>
                <TableCell align="right">{t('history.amount')}</TableCell>
                <TableCell>{t('history.status')}</TableCell>
                <TableCell>
                  <span className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {t('history.download')}
                  </span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice) => (
                <TableRow key={invoice.id} data-invoice={invoice.number}>
                  <TableCell>{formatDay(invoice.issuedAt)}</TableCell>
                  <TableCell>{invoice.number}</TableCell>
                  <TableCell>{t(`history.types.${invoice.type}`)}</TableCell>
                  <TableCell align="right">{formatMoney(invoice.amount, invoice.currency, i18n.language)}</TableCell>
                  <TableCell>{t(`history.statuses.${invoice.status}`)}</TableCell>
                  <TableCell>
                    <Button size="small" aria-label={t('history.downloadLabel', { number: invoice.number })} onClick={() => void download(invoice)}>
                      {t('history.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
