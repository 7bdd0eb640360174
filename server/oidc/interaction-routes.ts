import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { findLanguage } from '../../common/languages';
import { signInWithExternalLogin, signInWithPassword, type SignInResult } from '../identity/sign-in';
import { loginKey } from '../identity/sign-in-throttle';
import { startChallenge, verifyChallenge } from '../identity/two-factor';
import { writeSecurityLog } from '../identity/security-log';
import { hitRateLimit } from '../http/rate-limit';
import { translate } from '../localization/texts';
import { MITID, type ExternalProvider } from './external-provider';
import { renderErrorPage, renderLoginPage, renderTwoFactorPage } from './pages';
import { languageOf } from './page-language';
import { ISSUER_PATH } from './provider';
import { passkeySignInRoutes } from './passkey-sign-in-routes';
import { authenticatorSignInRoutes } from './authenticator-sign-in-routes';
import { renderAuthenticatorPage } from './authenticator-page';
import { startAuthenticatorChallenge } from '../identity/authenticator/challenge';
import { secondStepFor } from '../identity/second-step';
import { CODE_BODY, EXTERNAL_CALLBACK_QUERY, INTERACTION_PARAMS, LOGIN_BODY, PAGE_SCHEMA, SIGN_IN_PAGE_QUERY } from './interaction-schemas';

interface Params {
  uid: string;
}

type Success = Extract<SignInResult, { ok: true }>;

/**
 * The issuer's interaction pages: the sign-in form (GET), its submission (POST .../login), the
 * mailed code for users with two-factor sign-in (POST .../two-factor), sign-in through MitID
 * (GET .../mitid, the provider's callback, GET .../mitid/finish) and cancel (POST .../abort).
 * Consent is never asked: the clients are first-party.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  opts: { provider: Provider; db: Db; homeUrl: string; limit: Config['signInLimit']; external: ExternalProvider },
) {
  const { provider, db, homeUrl, limit, external } = opts;
  const externalButton = external.enabled ? { name: external.displayName } : undefined;
  await app.register(formbody, { bodyLimit: 8 * 1024 });

  const pageLanguage = (request: FastifyRequest, params: Record<string, unknown>) => languageOf(request.raw, params.ui_locales);

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').header('x-frame-options', 'DENY').type('text/html; charset=utf-8').send(html);

  // A person reaches these pages in a browser: an expired or unknown interaction gets a page that
  // says so and leads back to the app, not a JSON error.
  app.setErrorHandler((error, request, reply) => {
    const lang = languageOf(request.raw);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'sign-in interaction failed');
    return sendPage(reply, status >= 500 ? 500 : 400, renderErrorPage(lang, translate('account:signIn.errors.expired', lang), homeUrl));
  });

  app.get<{ Params: Params; Querystring: { lng?: unknown } }>(`${ISSUER_PATH}/interaction/:uid`, { attachValidation: true, schema: { ...PAGE_SCHEMA, params: INTERACTION_PARAMS, querystring: SIGN_IN_PAGE_QUERY } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    // A language picked on the page itself is remembered like the web app does (cookie 'lng').
    const picked = typeof request.query.lng === 'string' ? findLanguage(request.query.lng) : undefined;
    if (picked) reply.header('set-cookie', `lng=${picked.cultureName}; Path=/; Max-Age=31536000; SameSite=Lax`);
    const lang = picked?.cultureName ?? pageLanguage(request, details.params);
    const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    const waiting = external.enabled ? await external.verifiedFor(db, details.uid) : undefined;
    const notice = waiting ? translate('account:signIn.linkExternal', lang, { name: external.displayName }) : undefined;
    return sendPage(reply, 200, renderLoginPage({ lang, uid: details.uid, login: loginHint, notice, external: externalButton, homeUrl }));
  });

  const auditOf = (request: FastifyRequest, clientId: unknown) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    clientId: typeof clientId === 'string' ? clientId : null,
  });

  /** The last step of every way in: links a MitID waiting in this interaction, logs, and returns to the app. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, uid: string, clientId: unknown, user: Success, via?: string) => {
    const waiting = external.enabled && via !== MITID ? await external.verifiedFor(db, uid) : undefined;
    if (waiting) await external.link(db, waiting, { id: user.userId, tenantId: user.tenantId });
    await writeSecurityLog(db, {
      action: 'LoginSucceeded',
      userId: user.userId,
      tenantId: user.tenantId,
      userName: user.userName,
      ...auditOf(request, clientId),
      ...(via ? { extra: { provider: via } } : {}),
    });
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: user.userId } }, { mergeWithLastSubmission: false });
  };

  // A passkey alone (counts as both factors): server/oidc/passkey-sign-in-routes.ts.
  // The authenticator app's code after the password: server/oidc/authenticator-sign-in-routes.ts.
  await authenticatorSignInRoutes(app, { provider, db, homeUrl, finish, sendPage, loginPage: (lang, uid, error) => renderLoginPage({ lang, uid, error, external: externalButton, homeUrl }) });
  await passkeySignInRoutes(app, { provider, db, homeUrl, limit, finish, sendPage, loginPage: (lang, uid, error) => renderLoginPage({ lang, uid, error, external: externalButton, homeUrl }) });

  app.post<{ Params: Params; Body: { login?: unknown; password?: unknown } | null }>(`${ISSUER_PATH}/interaction/:uid/login`, { attachValidation: true, schema: { ...PAGE_SCHEMA, params: INTERACTION_PARAMS, body: LOGIN_BODY } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const lang = pageLanguage(request, details.params);
    const login = typeof request.body?.login === 'string' ? request.body.login.slice(0, 256) : '';
    const password = typeof request.body?.password === 'string' ? request.body.password.slice(0, 256) : '';
    const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : null;
    const audit = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, clientId };
    const fail = (status: number, key: string, values?: Record<string, string | number>) =>
      sendPage(reply, status, renderLoginPage({ lang, uid: details.uid, login, error: translate(`account:${key}`, lang, values), external: externalButton, homeUrl }));

    if (!login || !password) return fail(400, 'signIn.errors.required');

    // Per address, and per login from that address: another address's attempts never count
    // against the owner (a per-login limit alone would let anyone keep anyone out).
    const { windowSeconds } = limit;
    const key = loginKey(login);
    const byIp = await hitRateLimit(db, `signin:ip:${request.ip}`, limit.perIp, windowSeconds);
    const byLogin = await hitRateLimit(db, `signin:login:${key}|${request.ip}`, limit.perLogin, windowSeconds);
    if (!byIp.allowed || !byLogin.allowed) {
      await writeSecurityLog(db, { action: 'LoginRateLimited', userName: login, ...audit });
      reply.header('retry-after', String(Math.max(byIp.retryAfter, byLogin.retryAfter)));
      return fail(429, 'signIn.errors.tooMany', { minutes: Math.ceil(windowSeconds / 60) });
    }

    const result = await signInWithPassword(db, login, password, request.ip);
    if (!result.ok) {
      const who = { userId: result.userId ?? null, tenantId: result.tenantId ?? null, userName: login, ...audit };
      if (result.reason === 'throttled' || result.reason === 'invalid') {
        // The same answer whether the name is anyone's: 401, or 429 while this address is locked out of it.
        if (result.reason === 'invalid' || result.counted) await writeSecurityLog(db, { action: 'LoginFailed', ...who });
        if (result.reason === 'invalid') return fail(401, 'signIn.errors.invalid');
        await writeSecurityLog(db, { action: 'LoginLockedOut', ...who });
        const seconds = Math.max(1, Math.ceil(((result.lockoutEnd?.getTime() ?? Date.now()) - Date.now()) / 1000));
        reply.header('retry-after', String(seconds));
        return fail(429, 'signIn.errors.tooMany', { minutes: Math.ceil(seconds / 60) });
      }
      await writeSecurityLog(db, { action: result.reason === 'locked' ? 'LoginLockedOut' : 'LoginNotAllowed', ...who });
      if (result.reason === 'locked') return fail(423, 'signIn.errors.locked', { minutes: Math.max(1, Math.ceil(((result.lockoutEnd?.getTime() ?? Date.now()) - Date.now()) / 60000)) });
      return fail(403, 'signIn.errors.inactive');
    }

    // An authenticator app's code instead of a mailed one; a mailed code also where a tenant or role requires a second factor (server/identity/second-step.ts).
    const second = await secondStepFor(db, result);
    if (second === 'authenticator') {
      await startAuthenticatorChallenge(db, details.uid, result.userId);
      return sendPage(reply, 200, renderAuthenticatorPage({ lang, uid: details.uid, homeUrl }));
    }
    // Two-factor users, and anyone whose login met the account-wide ceiling, finish with a mailed code.
    if (second === 'mail') {
      await startChallenge(db, { uid: details.uid, userId: result.userId, email: result.email, tenantId: result.tenantId, lang });
      await writeSecurityLog(db, { action: 'TwoFactorCodeSent', userId: result.userId, tenantId: result.tenantId, userName: result.userName, ...audit, ...(result.stepUp ? { extra: { reason: 'AccountThrottled' } } : {}) });
      return sendPage(reply, 200, renderTwoFactorPage({ lang, uid: details.uid, homeUrl }));
    }
    return finish(request, reply, details.uid, clientId, result);
  });

  app.post<{ Params: Params; Body: { code?: unknown } | null }>(`${ISSUER_PATH}/interaction/:uid/two-factor`, { attachValidation: true, schema: { ...PAGE_SCHEMA, params: INTERACTION_PARAMS, body: CODE_BODY } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const lang = pageLanguage(request, details.params);
    const code = typeof request.body?.code === 'string' ? request.body.code.slice(0, 16) : '';
    const checked = await verifyChallenge(db, details.uid, code);
    if (!checked.ok) {
      const user = await db.selectFrom('two_factor_challenges').select('user_id').where('interaction_uid', '=', details.uid).executeTakeFirst();
      await writeSecurityLog(db, { action: 'TwoFactorFailed', userId: user?.user_id ?? null, ...auditOf(request, details.params.client_id) });
      if (checked.reason === 'wrong') return sendPage(reply, 401, renderTwoFactorPage({ lang, uid: details.uid, error: translate('account:twoFactor.wrong', lang), homeUrl }));
      // Expired, used up or never started: back to the password form.
      return sendPage(reply, 401, renderLoginPage({ lang, uid: details.uid, error: translate('account:twoFactor.restart', lang), external: externalButton, homeUrl }));
    }
    const user = await db.selectFrom('users').select(['id', 'tenant_id', 'user_name', 'email', 'two_factor_enabled']).where('id', '=', checked.userId).executeTakeFirstOrThrow();
    return finish(request, reply, details.uid, details.params.client_id, {
      ok: true,
      userId: user.id,
      tenantId: user.tenant_id,
      userName: user.user_name,
      email: user.email,
      twoFactor: user.two_factor_enabled,
    });
  });

  // MitID: out to the provider, back through its callback (a fixed URL registered there), then
  // into the interaction again, where the interaction cookie identifies the browser.
  app.get<{ Params: Params }>(`${ISSUER_PATH}/interaction/:uid/mitid`, { attachValidation: true, schema: { ...PAGE_SCHEMA, params: INTERACTION_PARAMS } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (!external.enabled) return reply.redirect(`${ISSUER_PATH}/interaction/${encodeURIComponent(details.uid)}`, 303);
    return reply.redirect(await external.begin(db, details.uid), 303);
  });

  app.get<{ Querystring: { code?: unknown; state?: unknown; error?: unknown } }>(`${ISSUER_PATH}/external/mitid/callback`, { attachValidation: true, schema: { ...PAGE_SCHEMA, querystring: EXTERNAL_CALLBACK_QUERY } }, async (request, reply) => {
    const lang = languageOf(request.raw);
    const { code, state } = request.query;
    try {
      if (typeof code !== 'string' || typeof state !== 'string' || !code || !state) throw new Error(typeof request.query.error === 'string' ? request.query.error : 'no code');
      const identity = await external.complete(db, state, code);
      return reply.redirect(`${ISSUER_PATH}/interaction/${encodeURIComponent(identity.uid)}/mitid/finish`, 303);
    } catch (err) {
      request.log.warn({ err }, 'MitID sign-in failed');
      await writeSecurityLog(db, { action: 'LoginFailed', ...auditOf(request, null), extra: { provider: MITID } });
      return sendPage(reply, 400, renderErrorPage(lang, translate('account:signIn.errors.external', lang, { name: external.displayName }), homeUrl));
    }
  });

  app.get<{ Params: Params }>(`${ISSUER_PATH}/interaction/:uid/mitid/finish`, { attachValidation: true, schema: { ...PAGE_SCHEMA, params: INTERACTION_PARAMS } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const lang = pageLanguage(request, details.params);
    const identity = await external.verifiedFor(db, details.uid);
    if (!identity) return reply.redirect(`${ISSUER_PATH}/interaction/${encodeURIComponent(details.uid)}`, 303);
    const result = await signInWithExternalLogin(db, MITID, identity.subject);
    // Not linked yet: the password form, with a notice that signing in once links this MitID.
    if (!result.ok && result.reason === 'invalid') return reply.redirect(`${ISSUER_PATH}/interaction/${encodeURIComponent(details.uid)}`, 303);
    await external.forget(db, details.uid);
    if (!result.ok) {
      await writeSecurityLog(db, { action: result.reason === 'locked' ? 'LoginLockedOut' : 'LoginNotAllowed', userId: result.userId ?? null, tenantId: result.tenantId ?? null, ...auditOf(request, details.params.client_id) });
      const key = result.reason === 'locked' ? 'signIn.errors.locked' : 'signIn.errors.inactive';
      const minutes = Math.max(1, Math.ceil(((result.lockoutEnd?.getTime() ?? Date.now()) - Date.now()) / 60000));
      return sendPage(reply, 403, renderLoginPage({ lang, uid: details.uid, error: translate(`account:${key}`, lang, { minutes }), external: externalButton, homeUrl }));
    }
    return finish(request, reply, details.uid, details.params.client_id, result, MITID);
  });

  app.post<{ Params: Params }>(`${ISSUER_PATH}/interaction/:uid/abort`, { attachValidation: true, schema: { ...PAGE_SCHEMA, params: INTERACTION_PARAMS } }, async (request, reply) => {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  });
}
