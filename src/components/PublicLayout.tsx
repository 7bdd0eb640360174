import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import { ExternalLinks } from './ExternalLinks';
import { PageLoader } from './PageLoader';
import { PublicHeader } from './PublicHeader';

/**
 * Frame of the public pages: a skip link, the header, the page (its own lazy chunk, so a Suspense
 * here keeps header and footer on screen while it loads) and the footer.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          color: 'primary.main',
          zIndex: 'tooltip',
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Box>
      <PublicHeader />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, display: 'flex', flexDirection: 'column', outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <ExternalLinks />
    </Box>
  );
}

export default PublicLayout;
