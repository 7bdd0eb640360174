import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { daDK, deDE, enUS, nbNO, svSE, type Localization } from '@mui/material/locale';

/** The two colour schemes a theme can be built for (a ThemeMode resolves to one of them). */
export type ColorScheme = 'light' | 'dark';

/** Brand colours (SPEC section 9): primary dark blue, secondary pink. */
export const BRAND = {
  navy: '#0d2a4f',
  navyLight: '#1f4b80',
  pink: '#d81b72',
  pinkLight: '#f06ba5',
} as const;

/**
 * MUI's own texts (pagination's "Go to next page", the autocomplete's "Open" and "No options",
 * "Rows per page") in the app's five languages, by locale folder.
 */
const MUI_TEXTS: Record<string, Localization> = { en: enUS, da: daDK, de: deDE, nb: nbNO, sv: svSE };

/**
 * The name of every spinner and progress bar that has none of its own (react-admin's app bar
 * indicator, its Loading page, save buttons): `app.loading` of translation.json, which a unit
 * test holds these to. Here because the theme is built before the texts have loaded.
 */
export const LOADING_TEXT: Record<string, string> = { en: 'Loading…', da: 'Indlæser…', de: 'Wird geladen…', nb: 'Laster inn…', sv: 'Laddar…' };

/** Wraps long unbroken text rather than letting it overflow its box. */
const LONG_TEXT = { overflowWrap: 'anywhere' } as const;

const FONT = ['Montserrat', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'].join(',');

/**
 * For a device set to reduce motion: no sliding, growing or fading (menus, dialogs, drawers and
 * snackbars appear at once) and no ripple on a press. Indeterminate spinners keep turning: they say
 * that something is under way.
 */
const STILL = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
} as const;

/**
 * Vigil's MUI theme. One function for both schemes so the react-admin shell and the public pages
 * share breakpoints, spacing, radii and typography (SPEC section 9); `reducedMotion` follows the
 * device's prefers-reduced-motion.
 */
export function createVigilTheme(scheme: ColorScheme, language = 'en', reducedMotion = false): Theme {
  const dark = scheme === 'dark';
  const options = {
    ...(reducedMotion ? { transitions: STILL.transitions } : {}),
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    spacing: 8,
    shape: { borderRadius: 4 },
    palette: {
      mode: scheme,
      // In dark mode the blue is lightened so text and outlines keep a 4.5:1 contrast.
      primary: dark
        ? { main: '#8db4e8', light: '#b5cff2', dark: '#5d86bd', contrastText: '#08182d' }
        : { main: BRAND.navy, light: BRAND.navyLight, dark: '#081a31', contrastText: '#ffffff' },
      secondary: dark
        ? { main: BRAND.pinkLight, contrastText: '#2b0616' }
        : { main: BRAND.pink, dark: '#a8125a', contrastText: '#ffffff' },
      background: dark ? { default: '#0a1524', paper: '#111f33' } : { default: '#f5f7fb', paper: '#ffffff' },
      // Notifications and alerts carry white text in light mode: MUI's info and warning blues and
      // oranges are below 4.5:1 against it, these are not.
      ...(dark
        ? {}
        : { info: { main: '#01579b', contrastText: '#ffffff' }, warning: { main: '#9a4a00', contrastText: '#ffffff' }, success: { main: '#2e7d32', contrastText: '#ffffff' }, error: { main: '#c62828', contrastText: '#ffffff' } }),
      // Only light mode overrides text colours; MUI's dark defaults are kept (an undefined would erase them).
      ...(dark ? {} : { text: { primary: '#14233a', secondary: '#4a5870' } }),
    },
    // react-admin's sidebar, 24 px wider than its 240: the longest one-word menu label
    // ('Organisationseinheiten', 188 px) fits beside its icon; longer labels wrap between words (Menu).
    sidebar: { width: 264, closedWidth: 50 },
    typography: {
      fontFamily: FONT,
      h1: { fontWeight: 700, fontSize: '2.25rem', lineHeight: 1.2 },
      h2: { fontWeight: 700, fontSize: '1.75rem', lineHeight: 1.25 },
      h3: { fontWeight: 600, fontSize: '1.375rem', lineHeight: 1.3 },
      h4: { fontWeight: 600, fontSize: '1.2rem' },
      h5: { fontWeight: 600, fontSize: '1.1rem' },
      h6: { fontWeight: 600, fontSize: '1rem' },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 24, paddingLeft: 20, paddingRight: 20 } },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      // A read-only field's hint still explains it (why a device is out of service, say): MUI's
      // disabled grey is below 4.5:1 on paper, the secondary text colour is not.
      MuiFormHelperText: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // Long unbroken text (a pasted URL, a note without spaces) wraps wherever it must instead of
      // widening the page: in every text, table cell, card, dialog and message. `anywhere` (not
      // `break-word`) also lets flex and table layouts shrink such text below the word's width.
      // Single-line list cells cut it off with a tooltip instead (src/schema/components/TruncatedText).
      MuiTypography: { styleOverrides: { root: LONG_TEXT } },
      MuiTableCell: { styleOverrides: { body: LONG_TEXT } },
      MuiCardContent: { styleOverrides: { root: LONG_TEXT } },
      MuiDialogContent: { styleOverrides: { root: LONG_TEXT } },
      MuiAlert: { styleOverrides: { message: LONG_TEXT } },
      MuiSnackbarContent: { styleOverrides: { message: LONG_TEXT } },
      // A checkbox's aria-label names its input, not the decorative span around it (react-admin's
      // row and page selection boxes pass aria-label to the Checkbox, which MUI puts on the span:
      // an unlabelled input and a prohibited attribute to a screen reader).
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: { 'aria-label': undefined },
            // A Checkbox given `inputProps` keeps them: this default takes their place otherwise.
            input: (ownerState: { 'aria-label'?: string; inputProps?: Record<string, unknown> }) => ({
              ...ownerState.inputProps,
              ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
            }),
          },
        },
      },
      MuiCircularProgress: { defaultProps: { 'aria-label': LOADING_TEXT[language] ?? LOADING_TEXT.en } },
      MuiLinearProgress: { defaultProps: { 'aria-label': LOADING_TEXT[language] ?? LOADING_TEXT.en } },
      ...READABLE_REACT_ADMIN_PAGES,
      ...(reducedMotion ? STILL.components : {}),
    },
  } as ThemeOptions;
  return createTheme(options, MUI_TEXTS[language] ?? enUS);
}

/**
 * react-admin greys the text of its empty-list, Access denied, not-found and sign-in-error pages
 * (text.disabled, or opacity 0.5): below the 4.5:1 contrast WCAG AA asks. They take the secondary
 * text colour instead, still quieter than content.
 */
const READABLE_REACT_ADMIN_PAGES = Object.fromEntries(
  ['RaEmpty', 'RaAccessDenied', 'RaNotFound', 'RaAuthenticationError'].map((name) => [
    name,
    { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ [`& .${name}-message`]: { opacity: 1, color: theme.palette.text.secondary } }) } },
  ]),
);

/** Built once per scheme, language folder and motion setting: themes are immutable and cheap to share. */
const cache = new Map<string, Theme>();

export function vigilTheme(scheme: ColorScheme, language = 'en', reducedMotion = false): Theme {
  const key = `${scheme}:${language}:${reducedMotion}`;
  let theme = cache.get(key);
  if (!theme) cache.set(key, (theme = createVigilTheme(scheme, language, reducedMotion)));
  return theme;
}
