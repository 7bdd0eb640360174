import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LegalSections } from '../../components/LegalSections';
import { usePageTitle } from '../../components/usePageTitle';
import { VigilLogo } from '../../components/VigilLogo';

/**
 * '/mobile-app-tos': terms of the mobile apps. It sits outside the public layout (SPEC section 2)
 * because the apps show it in a web view, where a site header and footer would only get in the way.
 * The language comes from the detector, so the apps can pass ?lng=.
 */
export default function MobileAppTos() {
  const { t } = useTranslation();
  usePageTitle(t('mobileAppTos.title'));
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.paper' }}>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
          <VigilLogo size={36} />
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {t('mobileAppTos.title')}
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.05rem' }}>
          {t('mobileAppTos.intro')}
        </Typography>
        <LegalSections listKey="mobileAppTos.sections" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 5 }}>
          {t('terms.updated')}
        </Typography>
      </Container>
    </Box>
  );
}
