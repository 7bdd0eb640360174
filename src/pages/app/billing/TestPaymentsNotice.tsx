import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../components/RuntimeConfigContext';

/**
 * The built-in payment gateway runs (no Stripe keys; PAYMENTS=builtin or DEMO=true off loopback):
 * every billing screen says that no money moves and only test cards are taken, as the demo banner
 * says what DEMO=true means.
 */
export function TestPaymentsNotice({ sx = { mb: 2 } }: { sx?: SxProps<Theme> }) {
  const { testPayments } = useRuntimeConfig();
  const { t } = useTranslation('billing');
  if (!testPayments) return null;
  return (
    <Alert severity="info" role="status" data-testid="test-payments" sx={sx}>
      {t('testPayments')}
    </Alert>
  );
}
