import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '../../common/languages';
import CssBaseline from '@mui/material/CssBaseline';
import './fonts';
import { vigilTheme } from './createVigilTheme';
import { ThemeModeContext, type ThemeModeValue } from './ThemeModeContext';
import { isThemeMode, readThemeMode, THEME_STORAGE_KEY, writeThemeMode, type ThemeMode } from './themeModeStorage';
import { usePrefersDark, usePrefersReducedMotion } from './useDevicePreferences';

/** Holds the theme choice, applies the resolved MUI theme and CssBaseline to everything inside. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const prefersDark = usePrefersDark();
  const reducedMotion = usePrefersReducedMotion();

  const setMode = useCallback((next: ThemeMode) => {
    writeThemeMode(next);
    setModeState(next);
  }, []);

  // Another tab changed the choice: follow it so all open tabs agree.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setModeState(isThemeMode(event.newValue) ? event.newValue : 'device');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const scheme = mode === 'device' ? (prefersDark ? 'dark' : 'light') : mode;
  // MUI's own texts (pagination, autocomplete) follow the app's language.
  const { i18n } = useTranslation();
  const theme = vigilTheme(scheme, findLanguage(i18n.language ?? 'en')?.folder ?? 'en', reducedMotion);

  // The browser chrome (address bar on mobile) follows the page colour.
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.mode === 'dark' ? theme.palette.background.default : theme.palette.primary.main);
  }, [theme]);

  const value = useMemo<ThemeModeValue>(() => ({ mode, setMode, scheme, theme }), [mode, setMode, scheme, theme]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
