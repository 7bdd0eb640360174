import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PublicPage } from '../../components/PublicPage';
import { CompleteRegistration } from './registration/CompleteRegistration';
import { RegistrationForm } from './registration/RegistrationForm';
import { ResendLink } from './registration/ResendLink';

/**
 * '/registration' (SPEC section 2): with `?token=` the link from the registration e-mail greets
 * the person and activates the account; without one, the registration form and a way to have the
 * link sent again.
 */
export default function Registration() {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [sentTo, setSentTo] = useState<string>();

  if (token) {
    return (
      <PublicPage title={t('complete.title')} width="sm">
        <CompleteRegistration token={token} />
      </PublicPage>
    );
  }
  return (
    <PublicPage title={t('registration.title')} intro={t('registration.intro')} width="sm">
      <Stack spacing={4}>
        {sentTo ? (
          <Alert severity="success" role="status">
            <Typography sx={{ fontWeight: 600 }}>{t('registration.sentTitle')}</Typography>
            {t('registration.sentText', { email: sentTo })}
          </Alert>
        ) : (
          <RegistrationForm onRegistered={setSentTo} />
        )}
        <ResendLink initialEmail={sentTo ?? ''} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Typography color="text.secondary">{t('registration.haveAccount')}</Typography>
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('registration.signIn')}
          </Button>
        </Stack>
      </Stack>
    </PublicPage>
  );
}
