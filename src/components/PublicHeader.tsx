import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeSwitcher } from './ThemeSwitcher';
import { VigilLogo } from './VigilLogo';
import { useRuntimeConfig } from './RuntimeConfigContext';

/** Product name, language and theme switchers; a sign-in shortcut except where the page is about signing in. */
export function PublicHeader() {
  const { t } = useTranslation();
  const { productName } = useRuntimeConfig();
  const { pathname } = useLocation();

  return (
    // A plain header rather than MUI's AppBar/Toolbar: same look, less script on every public page.
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg" disableGutters>
        <Box sx={{ display: 'flex', alignItems: 'center', minHeight: { xs: 56, sm: 64 }, gap: { xs: 0.5, sm: 1 }, px: { xs: 1.5, sm: 3 } }}>
          <Box
            component={RouterLink}
            to="/"
            aria-label={t('app.home')}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none', mr: 'auto', borderRadius: 1 }}
          >
            <VigilLogo />
            <Typography component="span" variant="h6" sx={{ fontWeight: 700, fontSize: '1.25rem', color: 'primary.main' }}>
              {productName || 'Vigil'}
            </Typography>
          </Box>
          <LanguageSwitcher color="primary" />
          <ThemeSwitcher color="primary" />
          {pathname !== '/' && pathname !== '/login' && (
            <Button component={RouterLink} to="/login" variant="contained" color="primary" size="small" sx={{ ml: { xs: 0.5, sm: 1 }, whiteSpace: 'nowrap' }}>
              {t('app.signIn')}
            </Button>
          )}
        </Box>
      </Container>
    </Box>
  );
}
