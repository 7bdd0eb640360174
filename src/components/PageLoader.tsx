import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { findLanguage } from '../../common/languages';
import { SafeLanguageDetector } from '../i18n/SafeLanguageDetector';

/**
 * translation.json's app.loading in each language folder, for the start-up spinner: it shows
 * before the texts have loaded (or when they fail to), and a progress bar always needs a name.
 */
const STARTUP_LOADING: Record<string, string> = { en: 'Loading…', da: 'Indlæser…', de: 'Wird geladen…', nb: 'Laster inn…', sv: 'Laddar…' };

/** "Loading…" in the language the app is about to show (the one i18next will detect). */
function startUpLoading(): string {
  const folder = findLanguage(new SafeLanguageDetector().detect()[0])?.folder ?? 'en';
  return STARTUP_LOADING[folder] ?? 'Loading…';
}

/** Suspense fallback while a page's chunk loads, and the start-up spinner. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  // Never a raw key and never unnamed: the loaded text, or the built-in one until it has loaded.
  const label = t('app.loading', { defaultValue: startUpLoading() });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullPage ? '100vh' : 240, flex: 1 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
