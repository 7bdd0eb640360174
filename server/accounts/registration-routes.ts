import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { joinFullName, registrationProblems, splitFullName, EMAIL_RE, type FormProblem } from '../../common/caregiver-account';
import type { Db } from '../db/database';
import { AbpError } from '../http/errors';
import { hitRateLimit } from '../http/rate-limit';
import { hashPassword } from '../identity/passwords';
import { passwordPolicyFor, rememberPassword } from '../identity/password-rules';
import { normalize } from '../identity/users';
import { translate } from '../localization/texts';
import { kickMail, queueMail } from '../mail';
import type { ModuleContext } from '../module-context';
import { ANONYMOUS } from '../permissions/guard';
import { ensureRole, grantToRole } from '../seed/static-roles';
import { readEmail, readRegistration, readToken, refuseProblems } from './bodies';
import { accountMail } from './mails';
import { registrationTenant } from './tenant-choice';
import { hashToken, hoursFromNow, linkRefusal, newToken, REGISTRATION_TOKEN_HOURS, unknownLink } from './tokens';

const BASE = '/api/plugandplay/profile';
/** Resend requests per client address and per e-mail address in one window. */
const RESEND_PER_IP = 10;
const RESEND_PER_EMAIL = 3;
const RESEND_WINDOW_SECONDS = 15 * 60;

/** A pending account: registered, its e-mail not confirmed yet, so it cannot sign in. */
const pending = { is_active: false, email_confirmed: false, is_deleted: false } as const;

/**
 * A new single-use registration link for a pending user (earlier links stop working) and the mail
 * carrying it, in the language the person registered in, in the caller's transaction.
 */
async function sendRegistrationLink(trx: Db, publicUrl: string, user: { id: string; tenant_id: string | null; email: string; name: string; surname: string }, lang: string) {
  const { token, hash } = newToken();
  await trx.deleteFrom('account_tokens').where('user_id', '=', user.id).where('purpose', '=', 'registration').execute();
  await trx
    .insertInto('account_tokens')
    .values({ id: randomUUID(), tenant_id: user.tenant_id, user_id: user.id, purpose: 'registration', token_hash: hash, expires_time: hoursFromNow(REGISTRATION_TOKEN_HOURS) })
    .execute();
  const link = `${publicUrl}/registration?token=${encodeURIComponent(token)}`;
  const mail = accountMail('registration', lang, user.email, { name: joinFullName(user.name, user.surname), hours: REGISTRATION_TOKEN_HOURS }, link);
  await queueMail(trx, { ...mail, tenantId: user.tenant_id });
}

/**
 * Self-registration (SPEC sections 2, 3 and 5), anonymous: `pending-registration` creates a
 * pending account and mails a link; GET with `?token=` tells the page whom to greet;
 * `complete-registration` activates the account; `resend-email` mails a new link without telling
 * whether the address has an account.
 */
export async function registrationRoutes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { db, config } = ctx;

  app.post(`${BASE}/pending-registration`, { config: { policy: ANONYMOUS } }, async (request, reply) => {
    const lang = request.language;
    const body = readRegistration(request.body, lang);
    const tenantId = await registrationTenant(db, config, request);
    const policy = await passwordPolicyFor(db, tenantId);
    refuseProblems(registrationProblems(body, policy.rules), lang);
    const userName = body.userName.trim();
    const email = body.email.trim();

    // A registration whose links all expired unused does not hold the name or address any longer.
    await db
      .deleteFrom('users')
      .where('is_active', '=', false)
      .where('email_confirmed', '=', false)
      .where('is_deleted', '=', false)
      .where((eb) => eb.or([eb('normalized_user_name', '=', normalize(userName)), eb('normalized_email', '=', normalize(email))]))
      .where((eb) => eb.exists(eb.selectFrom('account_tokens').select('id').whereRef('account_tokens.user_id', '=', 'users.id')))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('account_tokens').select('id').whereRef('account_tokens.user_id', '=', 'users.id').where('expires_time', '>', new Date()))))
      .execute();
    const taken = await db
      .selectFrom('users')
      .select(['normalized_user_name', 'normalized_email'])
      .where('is_deleted', '=', false)
      .where((eb) => eb.or([eb('normalized_user_name', '=', normalize(userName)), eb('normalized_email', '=', normalize(email))]))
      .execute();
    const problems: FormProblem[] = [];
    if (taken.some((u) => u.normalized_user_name === normalize(userName))) problems.push({ member: 'userName', key: 'validation:unique' });
    if (taken.some((u) => u.normalized_email === normalize(email))) problems.push({ member: 'email', key: 'validation:unique' });
    refuseProblems(problems, lang);

    const passwordHash = await hashPassword(body.password);
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
        await sendRegistrationLink(trx, config.publicUrl, user, lang);
      });
    } catch (err) {
      // Someone took the name or address between the check and the insert.
      if ((err as { code?: string }).code === '23505') refuseProblems([{ member: 'userName', key: 'validation:unique' }], lang);
      throw err;
    }
    kickMail();
    return reply.status(201).send({ userName, email });
  });

  app.get<{ Querystring: { token?: string } }>(`${BASE}/pending-registration`, { config: { policy: ANONYMOUS } }, async (request) => {
    const lang = request.language;
    const token = typeof request.query.token === 'string' ? request.query.token : '';
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

  app.post(`${BASE}/complete-registration`, { config: { policy: ANONYMOUS } }, async (request) => {
    const lang = request.language;
    const { token } = readToken(request.body, lang);
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

  app.post(`${BASE}/resend-email`, { config: { policy: ANONYMOUS } }, async (request, reply) => {
    const lang = request.language;
    const { email } = readEmail(request.body, lang);
    if (!EMAIL_RE.test(email.trim())) refuseProblems([{ member: 'email', key: 'validation:email' }], lang);
    const normalized = normalize(email);
    // Counted for unknown addresses too, so the limit tells nothing about who has an account.
    for (const [key, limit] of [[`resend:ip:${request.ip}`, RESEND_PER_IP], [`resend:email:${normalized}`, RESEND_PER_EMAIL]] as const) {
      const hit = await hitRateLimit(db, key, limit, RESEND_WINDOW_SECONDS);
      if (!hit.allowed) {
        reply.header('retry-after', String(hit.retryAfter));
        throw new AbpError(429, translate('errors.tooManyRequests', lang), { code: 'Vigil:TooManyRequests' });
      }
    }
    // Self-registered accounts only (they have a caregiver profile), never one an administrator made inactive.
    const user = await db
      .selectFrom('users')
      .innerJoin('caregiver_profiles', 'caregiver_profiles.user_id', 'users.id')
      .select(['users.id', 'users.tenant_id', 'users.email', 'users.name', 'users.surname', 'caregiver_profiles.language'])
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
