import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { DEFAULT_LANGUAGE, findLanguage } from '../../../../common/languages';
import { PROFILE_KEY, saveLanguage, type OwnLanguage, type Profile } from './api';

/**
 * The app's language is the user's language: choosing one (the app bar's switch, or Language on
 * /account) saves it on the server, and alarms, reminders and mails to them are written in it
 * (server/accounts/user-language.ts). Only a choice is saved: a language this browser detected on
 * its own is not, so a new browser does not overwrite a choice made elsewhere.
 */

/** The culture name of any spelling i18next reports ('da' is 'da-DK'). */
export const cultureOf = (lng: string | undefined): OwnLanguage => (findLanguage(lng) ?? DEFAULT_LANGUAGE).cultureName as OwnLanguage;

/** The language this tab saved last: the switch that follows a save on /account is not saved again. */
let savedHere: OwnLanguage | undefined;

/** Saves the user's language and shows it on /account. */
export async function saveOwnLanguage(queryClient: QueryClient, language: OwnLanguage): Promise<void> {
  savedHere = language;
  try {
    const saved = await saveLanguage(language);
    queryClient.setQueryData<Profile>(PROFILE_KEY, (profile) => (profile ? { ...profile, language: saved } : profile));
  } catch (error) {
    savedHere = undefined;
    throw error;
  }
}

/**
 * Saves each language the signed-in user switches the app to (mounted once, in the signed-in
 * layout). A failed save says so: the app is in the new language, their alarms are not yet.
 */
export function useSaveLanguageChoice(): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notify = useNotify();
  useEffect(() => {
    let shown = cultureOf(i18n.language);
    const changed = (lng: string) => {
      const language = cultureOf(lng);
      if (language === shown) return;
      shown = language;
      if (language === savedHere) return;
      saveOwnLanguage(queryClient, language).catch(() => notify(i18n.t('app.languageNotSaved'), { type: 'warning' }));
    };
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n, queryClient, notify]);
}
