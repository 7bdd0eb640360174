import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../components/RuntimeConfigContext';

/** DEMO=true: everyone who reaches the server may sign in with the published demo password. */
export function DemoBanner() {
  const { demo } = useRuntimeConfig();
  const { t } = useTranslation();
  if (!demo) return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0, mb: 1 }}>
      {t('demo.banner')}
    </Alert>
  );
}
