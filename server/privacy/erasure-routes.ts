import { activeSubscriptionCount } from '../billing/account-status';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { forbidden } from '../http/errors';
import type { Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { confirmationMatches, confirmationText, eraseSubject, previewErasure, type ErasureCounts } from './erasure';
import { fieldLabel, type Family } from './family';
import { audit, change } from './route-audit';
import type { Subject } from './subject';
import { BLOCKED, ERASURE_PREVIEW, ERASURE_RESULT, REFUSALS, tags } from './route-schemas';

const countsChange = (counts: ErasureCounts) =>
  Object.fromEntries(Object.entries(counts).flatMap(([group, kinds]) => Object.entries(kinds).map(([kind, n]) => [`${group}.${kind}`, n])));

/** Active subscriptions that block erasing the subject (a carer's; a citizen pays for nothing). */
const blockingSubscriptions = (db: Db, subject: Subject) => (subject.type === 'user' ? activeSubscriptionCount(db, subject.id) : Promise.resolve(0));

/**
 * Erasure (GDPR article 17): a preview of what goes, what is anonymised and what is kept, with the
 * text that confirms it; the erasure itself only with that text typed, in one transaction with its
 * audit entry (a failure changes nothing).
 */
export function erasureRoutes(app: Api, db: Db, family: Family): void {
  const config = { policy: family.policy, fieldLabel };
  const whose = family.own ? "the caller's own personal data" : "a citizen's or a carer's personal data";

  app.get(
    `${family.base}/erasures/preview`,
    { config, schema: { tags, summary: `What an erasure of ${whose} would erase, anonymise and keep, and the text that confirms it`, querystring: family.subjectSchema, response: { 200: ERASURE_PREVIEW, ...REFUSALS } } },
    async (request) => {
      const subject = await family.subject(db, request, request.query);
      const activeSubscriptions = await blockingSubscriptions(db, subject);
      return { subjectType: subject.type, subjectId: subject.id, subjectName: subject.name, confirmation: confirmationText(subject, request.language), counts: await previewErasure(db, subject), activeSubscriptions };
    },
  );

  app.post(
    `${family.base}/erasures`,
    { config, schema: { tags, summary: `Erase ${whose} (irreversible; confirmed by the preview's text)`, body: family.erasureSchema, response: { 200: ERASURE_RESULT, ...REFUSALS, ...BLOCKED } } },
    async (request) => {
      const lang = request.language;
      const input = request.body;
      const subject = await family.subject(db, request, input);
      if (!confirmationMatches(subject, lang, input.confirmation))
        throw invalid(lang, [{ members: ['confirmation'], message: translate('privacy:errors.confirmation', lang, { text: confirmationText(subject, lang) }) }]);
      // Billing would go on charging an account that is gone: pause or transfer first, as for account deletion.
      const active = await blockingSubscriptions(db, subject);
      if (active > 0) throw forbidden(translate('privacy:errors.activeSubscriptions', lang, { count: active }), 'Vigil:ActiveSubscriptions');
      const self = subject.type === 'user' && subject.id === request.principal!.userId;
      const erasedTime = new Date();
      const counts = await db.transaction().execute(async (trx) => {
        const done = await eraseSubject(trx, subject);
        await audit(trx, request, change(`Vigil.Privacy.Erasure.${subject.type}`, subject.id, 2, countsChange(done)), self);
        return done;
      });
      return { subjectType: subject.type, subjectId: subject.id, erasedTime: erasedTime.toISOString(), counts };
    },
  );
}
