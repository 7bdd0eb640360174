import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Suspense fallback while a page's chunk loads, and the start-up spinner. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t, ready } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullPage ? '100vh' : 240, flex: 1 }}>
      {/* Also shown before the texts have loaded; then without a label rather than with a raw key. */}
      <CircularProgress aria-label={ready ? t('app.loading') : undefined} />
    </Box>
  );
}
