import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { AppPage } from './AppPage';

/** Placeholder for a screen a later issue builds: its translated title and a short notice. */
export default function ComingSoon({ label }: { label: string }) {
  const { t } = useTranslation('admin');
  return (
    <AppPage title={t(label, { ns: 'translation' })}>
      <Typography color="text.secondary">{t('comingSoon.message')}</Typography>
    </AppPage>
  );
}
