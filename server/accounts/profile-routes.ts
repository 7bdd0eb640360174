import { randomUUID } from 'node:crypto';
import { joinFullName, newPasswordProblems, profileProblems, splitFullName, type FormProblem } from '../../common/caregiver-account';
import { POLICIES } from '../../common/policies';
import { activeSubscriptionCount } from '../billing/account-status';
import { isUniqueViolation } from '../db/constraint-errors';
import { forbidden } from '../http/errors';
import { limitMail } from '../http/mail-limits';
import { endSessions } from '../identity/grant-revocation';
import { verifyPassword } from '../identity/passwords';
import { passwordPolicyFor } from '../identity/password-rules';
import { changeOwnPassword } from '../identity/set-password';
import { normalize } from '../identity/user-records';
import { invalid, problem } from '../identity/validation';
import { translate } from '../localization/texts';
import { kickMail, queueMail } from '../mail';
import type { ModuleContext } from '../module-context';
import { callerAccount, type CallerAccount } from './caller';
import { PASSWORD_BODY, PASSWORD_CHANGE_BODY, PROFILE_BODY, refuseProblems } from './bodies';
import type { Api } from '../http/route-schemas';
import { NO_CONTENT, NOT_FOUND, PROFILE, TOO_MANY } from './profile-route-schemas';
import { accountMail } from './mails';
import { transferState } from './transfers';
import { languageOfUser } from './user-language';
import { loginNameConflicts } from '../identity/login-names';

const BASE = '/api/plugandplay/profile';
const READ = POLICIES.account;
const UPDATE = `${POLICIES.account}.Update`;
const tags = ['account'];

/**
 * The carer's own account (SPEC sections 2 and 6): read it, change name, e-mail and phone, change
 * the password (SPEC section 5 rules, not one of the last remembered ones), delete it (refused
 * while a subscription is active).
 */
export async function profileRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db } = ctx;

  const profileDto = async (user: CallerAccount) => {
    const [profile, avatar, activeSubscriptions, transfers, language] = await Promise.all([
      db.selectFrom('caregiver_profiles').select(['product_updates']).where('user_id', '=', user.id).executeTakeFirst(),
      db.selectFrom('user_avatars').select(['updated_time']).where('user_id', '=', user.id).executeTakeFirst(),
      activeSubscriptionCount(db, user.id),
      transferState(db, user),
      languageOfUser(db, user.id, user.tenant_id),
    ]);
    return {
      id: user.id,
      userName: user.user_name,
      fullName: joinFullName(user.name, user.surname),
      email: user.email,
      phoneNumber: user.phone_number ?? '',
      productUpdates: profile?.product_updates ?? false,
      avatarUpdated: avatar?.updated_time ?? null,
      activeSubscriptions,
      canDelete: activeSubscriptions === 0,
      language,
      ...transfers,
    };
  };

  app.get(BASE, { config: { policy: READ }, schema: { tags, summary: "The caller's own account", response: { 200: PROFILE, ...NOT_FOUND } } }, async (request) => profileDto(await callerAccount(db, request)));

  app.put(
    `${BASE}/update-profile`,
    { config: { policy: UPDATE }, schema: { tags, summary: "Change the caller's name, e-mail and phone", body: PROFILE_BODY, response: { 200: PROFILE, ...NOT_FOUND, ...TOO_MANY } } },
    async (request, reply) => {
    const lang = request.language;
    const body = request.body;
    refuseProblems(profileProblems(body), lang);
    const user = await callerAccount(db, request);
    const email = body.email.trim();
    const emailChanged = normalize(email) !== normalize(user.email);
    if (emailChanged) {
      // A change mails the old address: counted like every mail, before the new address is looked up.
      await limitMail(db, request, reply, [user.email, email]);
      // Another user's email or user name (login names are unique across both fields).
      const taken = (await loginNameConflicts(db, { userName: '', email }, user.id)).email;
      if (taken) refuseProblems([{ member: 'email', key: 'validation:unique' }], lang);
    }
    const { name, surname } = splitFullName(body.fullName);
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            name,
            surname,
            email,
            normalized_email: normalize(email),
            phone_number: body.phoneNumber?.trim() || null,
            concurrency_stamp: randomUUID(),
            // A new address has not been confirmed by its owner.
            ...(emailChanged ? { email_confirmed: false } : {}),
          })
          .where('id', '=', user.id)
          .execute();
        // The language of a profile made here is this request's; an existing one keeps the carer's
        // choice (user-language.ts): a form sent from another browser does not change it.
        await trx
          .insertInto('caregiver_profiles')
          .values({ user_id: user.id, tenant_id: user.tenant_id, language: lang, product_updates: body.productUpdates ?? false })
          .onConflict((oc) => (body.productUpdates !== undefined ? oc.column('user_id').doUpdateSet({ product_updates: body.productUpdates }) : oc.column('user_id').doNothing()))
          .execute();
        // The old address hears of the change, so a taken-over session cannot move the account quietly.
        if (emailChanged) await queueMail(trx, { ...accountMail('emailChanged', lang, user.email, { name: joinFullName(name, surname), email }), tenantId: user.tenant_id });
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuseProblems([{ member: 'email', key: 'validation:unique' }], lang);
      throw err;
    }
    if (emailChanged) kickMail();
    return profileDto(await callerAccount(db, request));
  });

  app.post(
    `${BASE}/change-password`,
    { config: { policy: UPDATE }, schema: { tags, summary: "Change the caller's password", body: PASSWORD_CHANGE_BODY, response: { ...NO_CONTENT, ...NOT_FOUND, ...TOO_MANY } } },
    async (request, reply) => {
    const lang = request.language;
    const body = request.body;
    const user = await callerAccount(db, request);
    const policy = await passwordPolicyFor(db, user.tenant_id);
    const problems: FormProblem[] = newPasswordProblems('newPassword', body.newPassword, policy.rules);
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.newPassword) problems.push({ member: 'confirmPassword', key: 'validation:passwordsMatch' });
    refuseProblems(problems, lang);
    await changeOwnPassword(db, request, user, body, (retryAfter) => reply.header('retry-after', String(retryAfter)));
    return reply.status(204).send();
  });

  app.post(
    `${BASE}/delete-user`,
    { config: { policy: UPDATE }, schema: { tags, summary: "Delete the caller's account (refused while a subscription is active)", body: PASSWORD_BODY, response: { ...NO_CONTENT, ...NOT_FOUND } } },
    async (request, reply) => {
    const lang = request.language;
    const { password } = request.body;
    const user = await callerAccount(db, request);
    const active = await activeSubscriptionCount(db, user.id);
    if (active > 0) throw forbidden(translate('profile:delete.activeSubscriptions', lang, { count: active }), 'Vigil:ActiveSubscriptions');
    if (!(await verifyPassword(password, user.password_hash))) throw invalid(lang, [problem('password', 'identity.currentPasswordWrong', lang)]);
    await db.transaction().execute(async (trx) => {
      // Soft, as identity deletes users: devices and logs keep pointing at the account; its name and address are free again.
      await trx.updateTable('users').set({ is_deleted: true, is_active: false, deletion_time: new Date(), concurrency_stamp: randomUUID() }).where('id', '=', user.id).execute();
      await trx.deleteFrom('permission_grants').where('provider_name', '=', 'U').where('provider_key', '=', user.id).execute();
      await trx.deleteFrom('user_avatars').where('user_id', '=', user.id).execute();
      await trx.updateTable('account_transfers').set({ status: 'cancelled' }).where('status', '=', 'pending').where((eb) => eb.or([eb('sender_user_id', '=', user.id), eb('recipient_user_id', '=', user.id)])).execute();
      await endSessions(trx, user.id);
    });
    return reply.status(204).send();
  });
}
