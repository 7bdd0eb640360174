import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AppPage } from '../AppPage';
import { PageLoader } from '../../../components/PageLoader';
import { loadBilling, type BillingData } from './api';
import { BillingDetailsSection } from './BillingDetailsSection';
import { InvoiceHistory } from './InvoiceHistory';
import { PaymentMethodsSection } from './PaymentMethodsSection';
import { SubscriptionsSection } from './SubscriptionsSection';
import { TestPaymentsNotice } from './TestPaymentsNotice';

/** /subscription/billing: subscriptions per device, payment methods, billing details, invoice history. */
export default function BillingPage() {
  const { t } = useTranslation('billing');
  const [data, setData] = useState<BillingData | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(() => {
    loadBilling()
      .then((loaded) => {
        setData(loaded);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(reload, [reload]);

  return (
    <AppPage title={t('title')}>
      <TestPaymentsNotice />
      {failed && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={reload}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      )}
      {!data && !failed && <PageLoader />}
      {data && (
        <Stack spacing={4} divider={<Divider />} sx={{ maxWidth: 960 }}>
          <SubscriptionsSection subscriptions={data.subscriptions} products={data.products} hasDefaultCard={data.cards.some((c) => c.isDefault)} onChanged={reload} />
          <PaymentMethodsSection customerId={data.customer.id} gateway={data.customer.gateway} cards={data.cards} logos={data.logos} onChanged={reload} />
          <BillingDetailsSection key={data.customer.id} initial={data.customer} />
          <InvoiceHistory invoices={data.invoices} />
        </Stack>
      )}
    </AppPage>
  );
}
