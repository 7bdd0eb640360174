import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { daDK, deDE, enUS, nbNO, svSE } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/da';
import 'dayjs/locale/de';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import { findLanguage } from '../../../common/languages';

/** Each language folder's dayjs locale (month and weekday names, first day of the week) and picker texts. */
const PICKER_LOCALES = {
  en: { adapterLocale: 'en', texts: enUS },
  da: { adapterLocale: 'da', texts: daDK },
  de: { adapterLocale: 'de', texts: deDE },
  nb: { adapterLocale: 'nb', texts: nbNO },
  sv: { adapterLocale: 'sv', texts: svSE },
} as const;

type PickerFolder = keyof typeof PICKER_LOCALES;

/** The picker locale of a language tag as i18next keeps it ('da-DK', 'no', 'sv'); English otherwise. */
export function pickerLocaleOf(language: string | undefined) {
  const folder = findLanguage(language)?.folder;
  return PICKER_LOCALES[folder && folder in PICKER_LOCALES ? (folder as PickerFolder) : 'en'];
}

/**
 * The date pickers' adapter (dayjs) in the user's language, following the language switcher
 * (react-admin's locale is i18next's language). Every date input brings its own, so the pickers
 * stay in the chunks of the screens that have a date to enter (never sign-in or the dashboard).
 */
export function PickersLocalization({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const { adapterLocale, texts } = pickerLocaleOf(locale);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={texts.components.MuiLocalizationProvider.defaultProps.localeText}>
      {children}
    </LocalizationProvider>
  );
}
