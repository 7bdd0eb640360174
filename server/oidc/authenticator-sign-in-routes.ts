import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../db/database';
import { verifyAuthenticatorChallenge } from '../identity/authenticator/challenge';
import { writeSecurityLog } from '../identity/security-log';
import type { SignInResult } from '../identity/sign-in';
import { translate } from '../localization/texts';
import { renderAuthenticatorPage } from './authenticator-page';
import { languageOf } from './page-language';
import { ISSUER_PATH } from './provider';
import { CODE_BODY, INTERACTION_PARAMS } from './interaction-schemas';

type Success = Extract<SignInResult, { ok: true }>;

export interface AuthenticatorSignInOptions {
  provider: Provider;
  db: Db;
  homeUrl: string;
  /** The interaction's last step, shared with the password (server/oidc/interaction-routes.ts). */
  finish: (request: FastifyRequest, reply: FastifyReply, uid: string, clientId: unknown, user: Success, via?: string) => Promise<void>;
  loginPage: (lang: string, uid: string, error: string) => string;
  sendPage: (reply: FastifyReply, status: number, html: string) => FastifyReply;
}

interface Params {
  uid: string;
}


/**
 * POST .../authenticator: the code of the authenticator app (or a recovery code) that a user with
 * the app gives after the right password, instead of a mailed code. Wrong codes are counted like
 * the mailed code's (MAX_CODE_ATTEMPTS, then back to the password); a code is taken once.
 */
export async function authenticatorSignInRoutes(app: FastifyInstance, opts: AuthenticatorSignInOptions): Promise<void> {
  const { provider, db, homeUrl, finish, loginPage, sendPage } = opts;

  app.post<{ Params: Params; Body: { code?: unknown } | null }>(
    `${ISSUER_PATH}/interaction/:uid/authenticator`,
    { attachValidation: true, schema: { hide: true, params: INTERACTION_PARAMS, body: CODE_BODY } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const lang = languageOf(request.raw, details.params.ui_locales);
      const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : null;
      const code = typeof request.body?.code === 'string' ? request.body.code.slice(0, 64) : '';
      const checked = await verifyAuthenticatorChallenge(db, details.uid, code);
      const audit = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, clientId };
      if (!checked.ok) {
        await writeSecurityLog(db, { action: 'TwoFactorFailed', userId: checked.userId ?? null, ...audit, extra: { method: 'authenticator', reason: checked.reason } });
        if (checked.reason === 'wrong') return sendPage(reply, 401, renderAuthenticatorPage({ lang, uid: details.uid, error: translate('security:authenticatorSignIn.wrong', lang), homeUrl }));
        // Expired, used up or never begun: back to the password form.
        return sendPage(reply, 401, loginPage(lang, details.uid, translate('account:twoFactor.restart', lang)));
      }
      const user = await db.selectFrom('users').select(['id', 'tenant_id', 'user_name', 'email', 'two_factor_enabled']).where('id', '=', checked.userId).executeTakeFirstOrThrow();
      const result: Success = { ok: true, userId: user.id, tenantId: user.tenant_id, userName: user.user_name, email: user.email, twoFactor: user.two_factor_enabled };
      return finish(request, reply, details.uid, clientId, result, checked.method === 'recovery' ? 'recovery-code' : 'authenticator');
    },
  );
}
