import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle';
import { VigilLogo } from '../../components/VigilLogo';

/**
 * The catch-all page for unknown addresses: outside the public layout (SPEC section 2), and inside
 * the signed-in layout (`inLayout`: the layout has the page's main landmark and its height).
 */
export default function NotFound({ inLayout = false }: { inLayout?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Box component={inLayout ? 'div' : 'main'} sx={{ minHeight: inLayout ? undefined : '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}>
      <VigilLogo size={56} />
      <Typography component="p" sx={{ fontSize: '4rem', fontWeight: 700, lineHeight: 1, color: 'primary.main' }} aria-hidden>
        404
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 1 }}>
        {t('app.backToHome')}
      </Button>
    </Box>
  );
}
