import type { Api } from '../http/route-schemas';
import type { ModuleContext } from '../module-context';
import { AUTHENTICATED } from '../permissions/guard';
import { callerAccount } from './caller';
import { LANGUAGE_BODY, NOT_FOUND, OWN_LANGUAGE } from './profile-route-schemas';
import { saveChosenLanguage } from './user-language';

/**
 * The signed-in user's language: the web app sends it when they switch the app's language or
 * change it on /account, and alarms (mail, push, SMS, in-app), reminders and mails to them are
 * written in it from then on (user-language.ts). Anyone signed in chooses their own: staff can be
 * alarm receivers too.
 */
export async function languageRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db } = ctx;
  app.put(
    '/api/plugandplay/profile/language',
    { config: { policy: AUTHENTICATED }, schema: { tags: ['account'], summary: "Choose the caller's language (alarms, reminders and mails)", body: LANGUAGE_BODY, response: { 200: OWN_LANGUAGE, ...NOT_FOUND } } },
    async (request) => {
      const user = await callerAccount(db, request);
      await saveChosenLanguage(db, user, request.body.language);
      return { language: request.body.language };
    },
  );
}
