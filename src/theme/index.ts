/** The theme module: `useThemeMode().theme` is the MUI theme for <Admin theme={...}>. */
export { ThemeModeProvider } from './ThemeModeProvider';
export { useThemeMode, type ThemeModeValue } from './ThemeModeContext';
export { createVigilTheme, vigilTheme, BRAND, type ColorScheme } from './createVigilTheme';
export { THEME_MODES, THEME_STORAGE_KEY, readThemeMode, isThemeMode, type ThemeMode } from './themeModeStorage';
