/** The user's theme choice (SPEC section 1): follow the device, or always light or dark. */
export type ThemeMode = 'device' | 'light' | 'dark';

export const THEME_MODES: readonly ThemeMode[] = ['device', 'light', 'dark'];

/** localStorage key (SPEC section 9). */
export const THEME_STORAGE_KEY = 'theme';

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** An unknown or missing stored value means 'device'; storage may be unavailable (privacy modes). */
export function readThemeMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : 'device';
  } catch {
    return 'device';
  }
}

export function writeThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage blocked: the choice still applies for this visit.
  }
}
