import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { PublicPage } from '../../components/PublicPage';
import { LegalSections } from '../../components/LegalSections';

/** '/terms': the terms of service for the Vigil web app and subscription. */
export default function Terms() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('terms.title')} intro={t('terms.intro')}>
      <LegalSections listKey="terms.sections" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 5 }}>
        {t('terms.updated')}
      </Typography>
    </PublicPage>
  );
}
