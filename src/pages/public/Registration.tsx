import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { supportLink } from '../../../common/links';
import { PublicPage } from '../../components/PublicPage';
import { useRuntimeConfig } from '../../components/RuntimeConfigContext';
import { ExternalLink } from '../../components/ExternalLink';

/**
 * '/registration'. Accounts are opened from the link in the registration e-mail (`?token=`).
 * The registration form and the resend request come in a later issue; for now the page explains
 * the way in and where to ask for a new link.
 */
export default function Registration() {
  const { t, i18n } = useTranslation();
  const { links } = useRuntimeConfig();
  const [params] = useSearchParams();
  const hasToken = params.has('token');

  return (
    <PublicPage title={t('registration.title')} intro={t('registration.intro')} width="sm">
      <Stack spacing={3}>
        {hasToken && <Alert severity="info">{t('registration.tokenReceived')}</Alert>}
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <MailOutlineIcon color="secondary" aria-hidden sx={{ mt: 0.25 }} />
            <div>
              <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                {t('registration.resendTitle')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                {t('registration.resendText')}
              </Typography>
              <ExternalLink href={supportLink(links, i18n.resolvedLanguage ?? i18n.language)} sx={{ fontWeight: 600 }}>
                {t('registration.resendLink')}
              </ExternalLink>
            </div>
          </Stack>
        </Paper>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Typography color="text.secondary">{t('registration.haveAccount')}</Typography>
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('app.signIn')}
          </Button>
        </Stack>
      </Stack>
    </PublicPage>
  );
}
