import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { EMAIL_RE } from '../../common/caregiver-account';
import { PASSWORD_RESET_PATH } from '../../common/navigation';
import type { Db } from '../db/database';
import type { AbpError } from '../http/errors';
import { limitMail } from '../http/mail-limits';
import type { Api } from '../http/route-schemas';
import { writeSecurityLog } from '../identity/security-log';
import { setPassword } from '../identity/set-password';
import { findUserForSignIn } from '../identity/user-records';
import { translate } from '../localization/texts';
import { kickMail, queueMail } from '../mail';
import type { ModuleContext } from '../module-context';
import { ANONYMOUS } from '../permissions/guard';
import { refuseProblems } from './bodies';
import { mailLanguageOf } from './mail-language';
import { accountMail } from './mails';
import { ACCEPTED_MESSAGE, TOO_MANY } from './profile-route-schemas';
import { RESET_ACCOUNT, RESET_LINK_REFUSALS, RESET_PASSWORD_BODY, RESET_REQUEST_BODY, RESET_TOKEN_BODY } from './password-reset-route-schemas';
import { hashToken, linkRefusal, newToken, PASSWORD_RESET_TOKEN_MINUTES, unknownLink } from './tokens';

const BASE = '/api/account';
const tags = ['account'];
const PURPOSE = 'password-reset';

interface ResetOwner {
  id: string;
  tenant_id: string | null;
  user_name: string;
  email: string;
  security_stamp: string;
}

/**
 * A new single-use reset link for the user (earlier ones stop working), bound to their security
 * stamp, and the mail carrying it in their language.
 */
async function sendResetLink(trx: Db, publicUrl: string, user: ResetOwner, lang: string): Promise<void> {
  const { token, hash } = newToken();
  await trx.deleteFrom('account_tokens').where('user_id', '=', user.id).where('purpose', '=', PURPOSE).execute();
  await trx
    .insertInto('account_tokens')
    .values({
      id: randomUUID(),
      tenant_id: user.tenant_id,
      user_id: user.id,
      purpose: PURPOSE,
      token_hash: hash,
      security_stamp: user.security_stamp,
      expires_time: new Date(Date.now() + PASSWORD_RESET_TOKEN_MINUTES * 60_000),
    })
    .execute();
  // In the fragment, which browsers never send: no server or proxy log holds it.
  const link = `${publicUrl}${PASSWORD_RESET_PATH}#token=${encodeURIComponent(token)}`;
  const mail = accountMail('passwordReset', lang, user.email, { userName: user.user_name, minutes: PASSWORD_RESET_TOKEN_MINUTES }, { link });
  await queueMail(trx, { ...mail, tenantId: user.tenant_id });
}

/** The link a token names, with its user; `lock` holds its row until the caller's transaction ends. */
function findResetLink(db: Db, token: string, lock = false) {
  const query = db
    .selectFrom('account_tokens')
    .innerJoin('users', 'users.id', 'account_tokens.user_id')
    .select([
      'account_tokens.id as link_id',
      'account_tokens.used_time',
      'account_tokens.expires_time',
      'account_tokens.security_stamp as link_stamp',
      'users.id',
      'users.tenant_id',
      'users.user_name',
      'users.security_stamp',
      'users.is_active',
      'users.is_deleted',
      'users.last_password_change_time',
    ])
    .where('account_tokens.token_hash', '=', hashToken(token))
    .where('account_tokens.purpose', '=', PURPOSE);
  return (lock ? query.forUpdate('account_tokens') : query).executeTakeFirst();
}

type ResetLink = NonNullable<Awaited<ReturnType<typeof findResetLink>>>;

/**
 * Why a link may not set a password, or undefined when it may: unknown (never made, replaced by a
 * newer one, or voided by a password change since: the user's stamp moved on), used, or expired.
 */
function refusalOf(link: ResetLink | undefined, lang: string): AbpError | undefined {
  if (!link || link.is_deleted || !link.is_active) return unknownLink('passwordReset', lang);
  return linkRefusal('passwordReset', { used: link.used_time !== null, expires_time: link.expires_time }, lang) ?? (link.link_stamp === link.security_stamp ? undefined : unknownLink('passwordReset', lang));
}

const auditOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * A way back in after a forgotten password (anonymous): `send-password-reset-code` mails a link
 * for an e-mail address or user name, answering the same (202) whether or not it is anyone's,
 * within the mail limits (server/http/mail-limits.ts); `verify-password-reset-token` tells the
 * page whose password the link sets; `reset-password` sets a new one under the password rules and
 * history, spends the link and ends every sign-in of the user. Tokens travel in bodies only.
 */
export async function passwordResetRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db, config } = ctx;

  app.post(
    `${BASE}/send-password-reset-code`,
    {
      config: { policy: ANONYMOUS },
      schema: { tags, summary: 'Mail a password reset link (the same answer whether or not the account exists)', body: RESET_REQUEST_BODY, response: { 202: ACCEPTED_MESSAGE, ...TOO_MANY } },
    },
    async (request, reply) => {
      const lang = request.language;
      const login = request.body.login.trim();
      if (!login) refuseProblems([{ member: 'login', key: 'validation:required' }], lang);
      // Counted before anything is looked up, per what was typed, so the limit tells nothing about who has an account.
      await limitMail(db, request, reply, [login]);
      const found = await findUserForSignIn(db, login);
      const owner = found?.is_active && EMAIL_RE.test(found.email) ? found : undefined;
      if (owner) {
        const mailLang = await mailLanguageOf(db, owner.id, lang);
        await db.transaction().execute((trx) => sendResetLink(trx, config.publicUrl, owner, mailLang));
        kickMail();
      }
      // Logged either way; an unknown name is logged as typed, as failed sign-ins are.
      await writeSecurityLog(db, {
        action: 'PasswordResetRequested',
        userId: owner?.id ?? null,
        tenantId: owner?.tenant_id ?? null,
        userName: owner?.user_name ?? login,
        ...auditOf(request),
      });
      return reply.status(202).send({ message: translate('profile:passwordReset.sent', lang) });
    },
  );

  app.post(
    `${BASE}/verify-password-reset-token`,
    { config: { policy: ANONYMOUS }, schema: { tags, summary: 'Whose password a reset link sets, or why it does not work', body: RESET_TOKEN_BODY, response: { 200: RESET_ACCOUNT, ...RESET_LINK_REFUSALS } } },
    async (request) => {
      const link = await findResetLink(db, request.body.token);
      const refusal = refusalOf(link, request.language);
      if (refusal) throw refusal;
      return { userName: link!.user_name };
    },
  );

  app.post(
    `${BASE}/reset-password`,
    { config: { policy: ANONYMOUS }, schema: { tags, summary: 'Set a new password with a mailed reset link', body: RESET_PASSWORD_BODY, response: { 200: RESET_ACCOUNT, ...RESET_LINK_REFUSALS } } },
    async (request) => {
      const lang = request.language;
      const { token, newPassword } = request.body;
      const link = await findResetLink(db, token);
      const refusal = refusalOf(link, lang);
      if (refusal) throw refusal;
      const user = link!;
      await setPassword(db, request, user, newPassword, 'reset-link', async (trx) => {
        // Again under the row's lock: of two requests with one link, the second finds it used.
        const locked = await findResetLink(trx, token, true);
        const late = refusalOf(locked, lang);
        if (late) throw late;
        await trx.updateTable('account_tokens').set({ used_time: sql`now()` }).where('id', '=', user.link_id).execute();
      });
      return { userName: user.user_name };
    },
  );
}
