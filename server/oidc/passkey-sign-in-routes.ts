import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { createAjv } from '../../common/schema/ajv';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { ABP_ERROR_RESPONSE, AbpError, sendAbpError } from '../http/errors';
import { hitRateLimit } from '../http/rate-limit';
import { admitPasskeyUser } from '../identity/passkeys/admit';
import { signInOptions, verifySignIn } from '../identity/passkeys/authentication';
import { relyingParty } from '../identity/passkeys/relying-party';
import { AUTHENTICATION_RESPONSE_SCHEMA } from '../identity/passkeys/response-schemas';
import { writeSecurityLog } from '../identity/security-log';
import type { SignInResult } from '../identity/sign-in';
import { translate } from '../localization/texts';
import { languageOf } from './page-language';
import { ISSUER_PATH } from './provider';
import { passkeyScriptRoute } from './passkey-script/serve';
import { INTERACTION_PARAMS } from './interaction-schemas';

type Success = Extract<SignInResult, { ok: true }>;

export interface PasskeySignInOptions {
  provider: Provider;
  db: Db;
  /** The issuer's public URL: the sign-in page's origin, and the passkeys' relying party. */
  homeUrl: string;
  limit: Config['signInLimit'];
  /** The interaction's last step, shared with the password (server/oidc/interaction-routes.ts). */
  finish: (request: FastifyRequest, reply: FastifyReply, uid: string, clientId: unknown, user: Success, via?: string) => Promise<void>;
  /** The sign-in page again, with an error. */
  loginPage: (lang: string, uid: string, error: string) => string;
  sendPage: (reply: FastifyReply, status: number, html: string) => FastifyReply;
}

interface Params {
  uid: string;
}

/** How a passkey sign-in shows in the security log. */
export const PASSKEY_METHOD = 'passkey';

const OPTIONS_RESPONSE = {
  type: 'object',
  properties: {
    challenge: { type: 'string' },
    timeout: { type: 'integer' },
    rpId: { type: 'string' },
    allowCredentials: { type: 'array', items: { type: 'object', additionalProperties: true } },
    userVerification: { type: 'string' },
    extensions: { type: 'object', additionalProperties: true },
    hints: { type: 'array', items: { type: 'string' } },
  },
  required: ['challenge'],
  additionalProperties: true,
} as const;
const VERIFY_BODY = { type: ['object', 'null'], properties: { response: { type: 'string', maxLength: 8192 } } } as const;

const readAnswer = createAjv().compile<AuthenticationResponseJSON>(AUTHENTICATION_RESPONSE_SCHEMA);

function parseAnswer(text: unknown): AuthenticationResponseJSON | undefined {
  if (typeof text !== 'string' || text.length > 8192) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return readAnswer(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sign-in with a passkey alone, on the issuer's sign-in page: POST .../passkey/options gives the
 * browser a challenge (JSON), POST .../passkey takes its answer as a form and finishes the
 * interaction as a password sign-in does. A passkey asks for user verification, so it counts as
 * both factors: no mailed code follows. Both are limited per address; nothing names a user, and
 * every failed answer (unknown passkey, wrong signature) reads the same.
 */
export async function passkeySignInRoutes(app: FastifyInstance, opts: PasskeySignInOptions): Promise<void> {
  const { provider, db, limit, finish, loginPage, sendPage } = opts;
  const rp = relyingParty({ publicUrl: opts.homeUrl, extraOrigins: [], plugAndPlayHost: '' });
  await app.register(passkeyScriptRoute);

  const limited = async (request: FastifyRequest) => {
    const hit = await hitRateLimit(db, `signin:passkey:${request.ip}`, limit.perIp, limit.windowSeconds);
    return hit.allowed ? undefined : hit.retryAfter;
  };
  const audit = (request: FastifyRequest, clientId: unknown) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    clientId: typeof clientId === 'string' ? clientId : null,
    extra: { method: PASSKEY_METHOD },
  });

  app.post<{ Params: Params }>(
    `${ISSUER_PATH}/interaction/:uid/passkey/options`,
    {
      attachValidation: true,
      schema: {
        hide: true,
        params: INTERACTION_PARAMS,
        response: { 200: OPTIONS_RESPONSE, 400: ABP_ERROR_RESPONSE, 429: ABP_ERROR_RESPONSE },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.raw);
      let uid: string;
      try {
        uid = (await provider.interactionDetails(request.raw, reply.raw)).uid;
      } catch {
        return sendAbpError(reply, new AbpError(400, translate('account:signIn.errors.expired', lang), { code: 'Vigil:SignInExpired' }));
      }
      const retryAfter = await limited(request);
      if (retryAfter) {
        reply.header('retry-after', String(retryAfter));
        return sendAbpError(reply, new AbpError(429, translate('account:signIn.errors.tooMany', lang, { minutes: Math.ceil(limit.windowSeconds / 60) }), { code: 'Vigil:TooManyRequests' }));
      }
      return reply.header('cache-control', 'no-store').send(await signInOptions(db, rp, uid));
    },
  );

  app.post<{ Params: Params; Body: { response?: unknown } }>(
    `${ISSUER_PATH}/interaction/:uid/passkey`,
    { attachValidation: true, schema: { hide: true, params: INTERACTION_PARAMS, body: VERIFY_BODY } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const lang = languageOf(request.raw, details.params.ui_locales);
      const clientId = details.params.client_id;
      const fail = (status: number, key: string, values?: Record<string, string | number>) => sendPage(reply, status, loginPage(lang, details.uid, translate(key, lang, values)));

      const retryAfter = await limited(request);
      if (retryAfter) {
        await writeSecurityLog(db, { action: 'LoginRateLimited', ...audit(request, clientId) });
        reply.header('retry-after', String(retryAfter));
        return fail(429, 'account:signIn.errors.tooMany', { minutes: Math.ceil(limit.windowSeconds / 60) });
      }
      const answer = parseAnswer(request.body?.response);
      if (!answer) return fail(400, 'security:signIn.passkeyFailed');

      const checked = await verifySignIn(db, rp, details.uid, answer);
      if (!checked.ok) {
        await writeSecurityLog(db, { action: 'LoginFailed', ...audit(request, clientId) });
        return fail(401, checked.reason === 'expired' ? 'security:signIn.passkeyExpired' : 'security:signIn.passkeyFailed');
      }
      const result = await admitPasskeyUser(db, checked.userId);
      if (!result.ok) {
        const who = { userId: result.userId ?? checked.userId, tenantId: result.tenantId ?? null };
        await writeSecurityLog(db, { action: result.reason === 'locked' ? 'LoginLockedOut' : 'LoginNotAllowed', ...who, ...audit(request, clientId) });
        if (result.reason === 'locked') {
          return fail(423, 'account:signIn.errors.locked', { minutes: Math.max(1, Math.ceil(((result.lockoutEnd?.getTime() ?? Date.now()) - Date.now()) / 60000)) });
        }
        return fail(403, 'account:signIn.errors.inactive');
      }
      return finish(request, reply, details.uid, clientId, result, PASSKEY_METHOD);
    },
  );
}
