import { createContext, useContext } from 'react';
import type { Theme } from '@mui/material/styles';
import type { ColorScheme } from './createVigilTheme';
import type { ThemeMode } from './themeModeStorage';

export interface ThemeModeValue {
  /** What the user chose. */
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  /** The scheme in effect ('device' resolved through prefers-color-scheme). */
  scheme: ColorScheme;
  /** The MUI theme in effect; the react-admin shell passes it to <Admin theme>. */
  theme: Theme;
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return value;
}
