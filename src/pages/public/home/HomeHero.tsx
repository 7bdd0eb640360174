import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { BRAND } from '../../../theme/createVigilTheme';
import { StatusPreview } from './StatusPreview';

// Shown only after a failed sign-in: not part of the first load.
const Alert = lazy(() => import('@mui/material/Alert'));

export interface HomeHeroProps {
  user: { name: string } | null | undefined;
  onSignIn: () => void;
  signingIn: boolean;
  /** Translation key of a failed sign-in, shown above the buttons. */
  errorKey: string | undefined;
}

/** The welcome band: what Vigil does, and the way in (sign in, register, or back to the dashboard). */
export function HomeHero({ user, onSignIn, signingIn, errorKey }: HomeHeroProps) {
  const { t } = useTranslation();
  const onDark = { color: 'common.white', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' } };

  return (
    <Box
      component="section"
      aria-labelledby="home-title"
      sx={{ color: 'common.white', background: `linear-gradient(135deg, ${BRAND.navy} 0%, ${BRAND.navyLight} 100%)`, py: { xs: 5, md: 9 } }}
    >
      <Container maxWidth="lg" sx={{ display: 'grid', gap: { xs: 5, md: 6 }, gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' }, alignItems: 'center' }}>
        <Box>
          <Typography variant="overline" component="p" sx={{ letterSpacing: 1.5, lineHeight: 1.6, opacity: 0.85, fontWeight: 600 }}>
            {t('home.eyebrow')}
          </Typography>
          <Typography id="home-title" variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' }, mt: 1 }}>
            {t('home.title')}
          </Typography>
          <Typography sx={{ mt: 2, fontSize: { xs: '1.05rem', md: '1.2rem' }, opacity: 0.9, maxWidth: 560 }}>{t('home.lead')}</Typography>

          {errorKey && (
            <Suspense fallback={<Typography role="alert" sx={{ mt: 3 }}>{t(errorKey)}</Typography>}>
            <Alert
              severity="error"
              variant="filled"
              sx={{ mt: 3, maxWidth: 560 }}
              action={
                <Button color="inherit" size="small" onClick={onSignIn} sx={{ whiteSpace: 'nowrap' }}>
                  {t('errors.tryAgain')}
                </Button>
              }
            >
              {t(errorKey)}
            </Alert>
            </Suspense>
          )}

          {user ? (
            <Box sx={{ mt: 4 }}>
              <Typography sx={{ fontWeight: 600, mb: 2 }}>{t('home.welcomeBack', { name: user.name })}</Typography>
              <Button component={RouterLink} to="/dashboard" variant="contained" color="secondary" size="large" endIcon={<ArrowForwardIcon />}>
                {t('app.goToDashboard')}
              </Button>
            </Box>
          ) : (
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mt: 4 }}>
              <Button variant="contained" color="secondary" size="large" startIcon={<LoginIcon />} onClick={onSignIn} disabled={signingIn}>
                {signingIn ? t('auth.redirecting') : t('app.signIn')}
              </Button>
              <Button component={RouterLink} to="/registration" variant="outlined" size="large" startIcon={<PersonAddIcon />} sx={onDark}>
                {t('app.register')}
              </Button>
            </Box>
          )}
        </Box>
        <StatusPreview />
      </Container>
    </Box>
  );
}
