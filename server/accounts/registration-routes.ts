import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { joinFullName, registrationProblems, splitFullName, EMAIL_RE } from '../../common/caregiver-account';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/constraint-errors';
import { limitMail } from '../http/mail-limits';
import { hashPassword } from '../identity/passwords';
import { passwordPolicyFor, rememberPassword } from '../identity/password-rules';
import { normalize } from '../identity/user-records';
import { translate } from '../localization/texts';
import { kickMail, queueMail } from '../mail';
import type { ModuleContext } from '../module-context';
import { ANONYMOUS } from '../permissions/guard';
import { ensureRole, grantToRole } from '../identity/static-roles';
import { EMAIL_BODY, refuseProblems, REGISTRATION_BODY, TOKEN_BODY } from './bodies';
import type { Api } from '../http/route-schemas';
import { ACCEPTED_MESSAGE, LINK_REFUSALS, REGISTRATION_DONE, REGISTRATION_GREETING, TOKEN_QUERY, TOO_MANY } from './profile-route-schemas';
import { accountMail } from './mails';
import { mailLanguageOf } from './mail-language';
import { registrationTenant, takeTenantParameter } from './tenant-choice';
import { hashToken, hoursFromNow, linkRefusal, newToken, REGISTRATION_TOKEN_HOURS, unknownLink } from './tokens';
import { loginNameConflicts } from '../identity/login-names';

const BASE = '/api/plugandplay/profile';
const tags = ['account'];

/** A pending account: registered, its e-mail not confirmed yet, so it cannot sign in. */
const pending = { is_active: false, email_confirmed: false, is_deleted: false } as const;

/**
 * A new single-use registration link for a pending user (earlier links stop working) and the mail
 * carrying it, in the language the person registered in, in the caller's transaction.
 */
async function sendRegistrationLink(trx: Db, publicUrl: string, user: { id: string; tenant_id: string | null; email: string; name: string; surname: string; user_name: string }, lang: string) {
  const { token, hash } = newToken();
  await trx.deleteFrom('account_tokens').where('user_id', '=', user.id).where('purpose', '=', 'registration').execute();
  await trx
    .insertInto('account_tokens')
    .values({ id: randomUUID(), tenant_id: user.tenant_id, user_id: user.id, purpose: 'registration', token_hash: hash, expires_time: hoursFromNow(REGISTRATION_TOKEN_HOURS) })
    .execute();
  const link = `${publicUrl}/registration?token=${encodeURIComponent(token)}`;
  // What the form said is shown as typed data, never as the mail's greeting or words.
  const entered = { fullName: joinFullName(user.name, user.surname), userName: user.user_name };
  const mail = accountMail('registration', lang, user.email, { hours: REGISTRATION_TOKEN_HOURS }, { link, entered });
  await queueMail(trx, { ...mail, tenantId: user.tenant_id });
}

/** A registration whose links all expired unused does not hold the name or address any longer. */
async function forgetExpiredRegistrations(db: Db, userName: string, email: string): Promise<void> {
  await db
    .deleteFrom('users')
    .where('is_active', '=', false)
    .where('email_confirmed', '=', false)
    .where('is_deleted', '=', false)
    .where((eb) => eb.or([eb('normalized_user_name', '=', normalize(userName)), eb('normalized_email', '=', normalize(email))]))
    .where((eb) => eb.exists(eb.selectFrom('account_tokens').select('id').whereRef('account_tokens.user_id', '=', 'users.id')))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('account_tokens').select('id').whereRef('account_tokens.user_id', '=', 'users.id').where('expires_time', '>', new Date()))))
    .execute();
}

/**
 * Someone registered with an address that already has an account (active, or waiting for its
 * confirmation): its owner gets a note (sign in, or ask for a new link) in their own language,
 * without anything the caller typed; no registration link.
 */
async function mailAccountExists(db: Db, publicUrl: string, owner: { id: string; tenant_id: string | null; email: string }, lang: string): Promise<void> {
  const mail = accountMail('accountExists', await mailLanguageOf(db, owner.id, lang), owner.email, {}, { link: `${publicUrl}/registration` });
  await queueMail(db, { ...mail, tenantId: owner.tenant_id });
}

/**
 * Self-registration (SPEC sections 2, 3 and 5), anonymous: `pending-registration` creates a
 * pending account and mails a link, answering "check your mail" (202) whether or not the address
 * already has an account (its owner is then mailed a note instead), only in tenants open to
 * self-registration, within the mail limits (server/http/mail-limits.ts); GET with `?token=` tells the page whom to greet;
 * `complete-registration` activates the account; `resend-email` mails a new link without telling
 * whether the address has an account.
 */
export async function registrationRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db, config } = ctx;

  app.post(
    `${BASE}/pending-registration`,
    {
      config: { policy: ANONYMOUS },
      onRequest: takeTenantParameter,
      schema: { tags, summary: 'Register an account (mails a confirmation link)', body: REGISTRATION_BODY, response: { 202: ACCEPTED_MESSAGE, 403: LINK_REFUSALS[403], ...TOO_MANY } },
    },
    async (request, reply) => {
    const lang = request.language;
    const body = request.body;
    const tenantId = await registrationTenant(db, config, request);
    const policy = await passwordPolicyFor(db, tenantId);
    refuseProblems(registrationProblems(body, policy.rules), lang);
    const userName = body.userName.trim();
    const email = body.email.trim();
    await limitMail(db, request, reply, [email]);
    // Hashed on every path, so the answer takes as long whether or not the address has an account.
    const passwordHash = await hashPassword(body.password);
    const done = () => {
      kickMail();
      return reply.status(202).send({ message: translate('profile:registration.checkMail', lang) });
    };

    await forgetExpiredRegistrations(db, userName, email);
    const taken = await db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'email', 'normalized_user_name', 'normalized_email'])
      .where('is_deleted', '=', false)
      .where((eb) => eb.or([eb('normalized_user_name', '=', normalize(userName)), eb('normalized_email', '=', normalize(email))]))
      .execute();
    // The address has an account (or a registration waiting): its owner hears so; the caller hears what a new address hears.
    const owner = taken.find((u) => u.normalized_email === normalize(email));
    if (owner) {
      await mailAccountExists(db, config.publicUrl, owner, lang);
      return done();
    }
    // Login names are unique across both fields and every tenant (server/identity/login-names.ts).
    const clash = await loginNameConflicts(db, { userName, email }, null);
    if (taken.length > 0 || clash.userName) refuseProblems([{ member: 'userName', key: 'validation:unique' }], lang);
    // The address is someone's user name: nobody to tell, and the caller hears what a new address hears.
    if (clash.email) return done();

    const { name, surname } = splitFullName(body.fullName);
    const user = { id: randomUUID(), tenant_id: tenantId, email, name, surname };
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            ...user,
            ...pending,
            user_name: userName,
            normalized_user_name: normalize(userName),
            normalized_email: normalize(email),
            phone_number: body.phoneNumber?.trim() || null,
            password_hash: passwordHash,
            security_stamp: randomUUID(),
            concurrency_stamp: randomUUID(),
            last_password_change_time: new Date(),
          })
          .execute();
        // Tenants are provisioned with the role; one made before that gets it now.
        const roleId = await ensureRole(trx, tenantId, ROLE_PLUG_AND_PLAY_USER, { isStatic: true, isPublic: true });
        await grantToRole(trx, tenantId, ROLE_PLUG_AND_PLAY_USER, CAREGIVER_POLICIES);
        await trx.insertInto('user_roles').values({ user_id: user.id, role_id: roleId, tenant_id: tenantId }).execute();
        await rememberPassword(trx, user.id, passwordHash, policy.remember);
        await trx
          .insertInto('caregiver_profiles')
          .values({ user_id: user.id, tenant_id: tenantId, language: lang, product_updates: body.productUpdates ?? false, terms_accepted_time: new Date() })
          .execute();
        await sendRegistrationLink(trx, config.publicUrl, { ...user, user_name: userName }, lang);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Someone took the name or address between the check and the insert: the address's owner was just mailed a link.
      const byEmail = await db.selectFrom('users').select('id').where('normalized_email', '=', normalize(email)).where('is_deleted', '=', false).executeTakeFirst();
      if (!byEmail) refuseProblems([{ member: 'userName', key: 'validation:unique' }], lang);
    }
    return done();
  });

  app.get(
    `${BASE}/pending-registration`,
    { config: { policy: ANONYMOUS }, schema: { tags, summary: 'Whom a registration link greets', querystring: TOKEN_QUERY, response: { 200: REGISTRATION_GREETING, ...LINK_REFUSALS } } },
    async (request) => {
    const lang = request.language;
    const token = request.query.token ?? '';
    const link = token
      ? await db
          .selectFrom('account_tokens')
          .innerJoin('users', 'users.id', 'account_tokens.user_id')
          .select(['account_tokens.used_time', 'account_tokens.expires_time', 'users.name', 'users.surname', 'users.user_name', 'users.is_deleted'])
          .where('account_tokens.token_hash', '=', hashToken(token))
          .where('account_tokens.purpose', '=', 'registration')
          .executeTakeFirst()
      : undefined;
    if (!link || link.is_deleted) throw unknownLink('registration', lang);
    const refusal = linkRefusal('registration', { used: link.used_time !== null, expires_time: link.expires_time }, lang);
    if (refusal) throw refusal;
    return { name: joinFullName(link.name, link.surname), userName: link.user_name };
  });

  app.post(
    `${BASE}/complete-registration`,
    { config: { policy: ANONYMOUS }, schema: { tags, summary: 'Confirm a registration with its link', body: TOKEN_BODY, response: { 200: REGISTRATION_DONE, ...LINK_REFUSALS } } },
    async (request) => {
    const lang = request.language;
    const { token } = request.body;
    return db.transaction().execute(async (trx) => {
      const link = await trx
        .selectFrom('account_tokens')
        .select(['id', 'user_id', 'used_time', 'expires_time'])
        .where('token_hash', '=', hashToken(token))
        .where('purpose', '=', 'registration')
        .forUpdate()
        .executeTakeFirst();
      if (!link) throw unknownLink('registration', lang);
      const refusal = linkRefusal('registration', { used: link.used_time !== null, expires_time: link.expires_time }, lang);
      if (refusal) throw refusal;
      const user = await trx
        .updateTable('users')
        .set({ is_active: true, email_confirmed: true, concurrency_stamp: randomUUID() })
        .where('id', '=', link.user_id)
        .where('is_deleted', '=', false)
        .returning(['user_name'])
        .executeTakeFirst();
      if (!user) throw unknownLink('registration', lang);
      await trx.updateTable('account_tokens').set({ used_time: sql`now()` }).where('id', '=', link.id).execute();
      await trx.updateTable('caregiver_profiles').set({ language: lang }).where('user_id', '=', link.user_id).execute();
      return { userName: user.user_name };
    });
  });

  app.post(
    `${BASE}/resend-email`,
    {
      config: { policy: ANONYMOUS },
      onRequest: takeTenantParameter,
      schema: { tags, summary: 'Mail a new registration link', body: EMAIL_BODY, response: { 202: ACCEPTED_MESSAGE, ...TOO_MANY } },
    },
    async (request, reply) => {
    const lang = request.language;
    const { email } = request.body;
    if (!EMAIL_RE.test(email.trim())) refuseProblems([{ member: 'email', key: 'validation:email' }], lang);
    const normalized = normalize(email);
    // Counted for unknown addresses too, so the limit tells nothing about who has an account.
    await limitMail(db, request, reply, [email]);
    // Self-registered accounts only (they have a caregiver profile), never one an administrator made inactive.
    const user = await db
      .selectFrom('users')
      .innerJoin('caregiver_profiles', 'caregiver_profiles.user_id', 'users.id')
      .select(['users.id', 'users.tenant_id', 'users.email', 'users.name', 'users.surname', 'users.user_name', 'caregiver_profiles.language'])
      .where('users.normalized_email', '=', normalized)
      .where('users.is_active', '=', pending.is_active)
      .where('users.email_confirmed', '=', pending.email_confirmed)
      .where('users.is_deleted', '=', pending.is_deleted)
      .executeTakeFirst();
    if (user) {
      await db.transaction().execute((trx) => sendRegistrationLink(trx, config.publicUrl, user, user.language));
      kickMail();
    }
    // The same answer whether or not the address has a pending account.
    return reply.status(202).send({ message: translate('profile:registration.resendDone', lang) });
  });
}
