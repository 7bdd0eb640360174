import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { downloadInvoice, type Invoice } from './api';
import { formatDay, formatMoney } from './format';

/** No word or amount is ever split over two lines ("Yearl / y", "DKK 1,7 / 91.00"). */
const WHOLE = { whiteSpace: 'nowrap' } as const;

/** One invoice per line on a phone, as react-admin's SimpleList: number and amount, then date, type and status, then the PDF. */
function InvoiceCards({ invoices, onDownload }: { invoices: Invoice[]; onDownload: (invoice: Invoice) => void }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Box component="ul" aria-labelledby="billing-history" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {invoices.map((invoice) => (
        <Box component="li" key={invoice.id} data-invoice={invoice.number} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {invoice.number}
            </Typography>
            <Typography component="span" sx={{ ...WHOLE, fontWeight: 600 }}>
              {formatMoney(invoice.amount, invoice.currency, i18n.language)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, '& > span + span::before': { content: '"· "' } }}>
            {[formatDay(invoice.issuedAt), t(`history.types.${invoice.type}`), t(`history.statuses.${invoice.status}`)].map((part, i) => (
              <Box component="span" key={i} sx={WHOLE}>
                {part}
              </Box>
            ))}
          </Typography>
          <Button size="small" sx={{ mt: 0.5, ml: -0.75 }} aria-label={t('history.downloadLabel', { number: invoice.number })} onClick={() => onDownload(invoice)}>
            {t('history.download')}
          </Button>
        </Box>
      ))}
    </Box>
  );
}

/** Invoice history: date, number, monthly/yearly, amount, status, PDF download; a list of invoices on a phone. */
export function InvoiceHistory({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation('billing');
  const notify = useNotify();
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
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
      ) : !wide ? (
        <InvoiceCards invoices={invoices} onDownload={(invoice) => void download(invoice)} />
      ) : (
        // Between a phone and a desk a table may still be wider than the page: it scrolls in its own
        // region then (`contain: inline-size` keeps its width from widening the page), its words whole.
        <TableContainer tabIndex={0} aria-labelledby="billing-history" role="region" sx={{ contain: 'inline-size', position: 'relative' }}>
          <Table size="small" aria-labelledby="billing-history" sx={{ '& th, & td': WHOLE }}>
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
