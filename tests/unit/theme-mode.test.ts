import { afterEach, describe, expect, it, vi } from 'vitest';
import { readThemeMode, THEME_STORAGE_KEY } from '../../src/theme/themeModeStorage';
import { createVigilTheme } from '../../src/theme/createVigilTheme';

function storing(value: string | null) {
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => (key === THEME_STORAGE_KEY ? value : null) } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme choice (SPEC section 1)', () => {
  it('reads device, light and dark from localStorage "theme"', () => {
    for (const mode of ['device', 'light', 'dark'] as const) {
      storing(mode);
      expect(readThemeMode()).toBe(mode);
    }
  });

  it('treats a missing or unknown value, or blocked storage, as device', () => {
    storing(null);
    expect(readThemeMode()).toBe('device');
    storing('purple');
    expect(readThemeMode()).toBe('device');
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('blocked');
      },
    });
    expect(readThemeMode()).toBe('device');
  });
});

describe('theme (SPEC section 9)', () => {
  it('has the breakpoints, spacing, radii and font of the spec in both schemes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const theme = createVigilTheme(scheme);
      expect(theme.palette.mode).toBe(scheme);
      expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
      expect(theme.spacing(1)).toBe('8px');
      expect(theme.shape.borderRadius).toBe(4);
      expect(theme.typography.fontFamily).toMatch(/^Montserrat,/);
      expect(theme.components?.MuiButton?.styleOverrides?.root).toMatchObject({ borderRadius: 24 });
    }
    expect(createVigilTheme('light').palette.primary.main).toBe('#0d2a4f');
  });
});

describe('theme texts in the user language', () => {
  it("names spinners with each language's app.loading, and carries MUI's own texts", async () => {
    const fs = await import('node:fs');
    const { LANGUAGES } = await import('../../common/languages');
    const { LOADING_TEXT } = await import('../../src/theme/createVigilTheme');
    for (const { folder } of LANGUAGES) {
      const translation = JSON.parse(fs.readFileSync(`resources/locales/${folder}/translation.json`, 'utf8')) as { app: { loading: string } };
      expect(LOADING_TEXT[folder]).toBe(translation.app.loading);
      const theme = createVigilTheme('light', folder);
      expect(theme.components?.MuiCircularProgress?.defaultProps?.['aria-label']).toBe(translation.app.loading);
    }
    // English is MUI's built-in wording; the others come from MUI's own locale files.
    const danish = createVigilTheme('light', 'da').components;
    expect(danish?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Rækker pr side:');
    expect(danish?.MuiAutocomplete?.defaultProps?.openText).toBe('Åben');
    expect(createVigilTheme('light', 'de').components?.MuiAutocomplete?.defaultProps?.noOptionsText).toBe('Keine Optionen');
  });
});

describe('checkbox labels', () => {
  it('puts aria-label on the input and keeps inputProps a checkbox is given', () => {
    const input = createVigilTheme('light').components?.MuiCheckbox?.defaultProps?.slotProps?.input as (owner: object) => Record<string, unknown>;
    expect(input({ 'aria-label': 'Select this row' })).toEqual({ 'aria-label': 'Select this row' });
    expect(input({ inputProps: { 'aria-label': 'Vigil.SimCards.Create', name: 'x' } })).toEqual({ 'aria-label': 'Vigil.SimCards.Create', name: 'x' });
  });
});

describe('reduced motion (prefers-reduced-motion: reduce)', () => {
  it('makes every transition instant and turns the ripple off, and leaves the default theme moving', () => {
    const still = createVigilTheme('light', 'en', true);
    expect(still.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(still.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // The rest of the theme is the same one.
    expect(still.palette.primary.main).toBe(createVigilTheme('light').palette.primary.main);

    const moving = createVigilTheme('light');
    expect(moving.transitions.create('opacity')).toMatch(/opacity \d+ms/);
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
});
