import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { findLanguage } from '../../common/languages';
import { signInWithPassword } from '../identity/sign-in';
import { writeSecurityLog } from '../identity/security-log';
import { hitRateLimit } from '../http/rate-limit';
import { translate } from '../localization/texts';
import { renderErrorPage, renderLoginPage } from './pages';
import { languageOf } from './page-language';
import { ISSUER_PATH } from './provider';

interface Params {
  uid: string;
}

/**
 * The issuer's interaction pages: the sign-in form (GET), its submission (POST .../login) and
 * cancel (POST .../abort). Consent is never asked: the clients are first-party.
 */
export async function interactionRoutes(app: FastifyInstance, opts: { provider: Provider; db: Db; homeUrl: string; limit: Config['signInLimit'] }) {
  const { provider, db, homeUrl, limit } = opts;
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

  app.get<{ Params: Params; Querystring: { lng?: string } }>(`${ISSUER_PATH}/interaction/:uid`, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    // A language picked on the page itself is remembered like the web app does (cookie 'lng').
    const picked = findLanguage(request.query.lng);
    if (picked) reply.header('set-cookie', `lng=${picked.cultureName}; Path=/; Max-Age=31536000; SameSite=Lax`);
    const lang = picked?.cultureName ?? pageLanguage(request, details.params);
    const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return sendPage(reply, 200, renderLoginPage({ lang, uid: details.uid, login: loginHint, homeUrl }));
  });

  app.post<{ Params: Params; Body: { login?: unknown; password?: unknown } }>(`${ISSUER_PATH}/interaction/:uid/login`, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const lang = pageLanguage(request, details.params);
    const login = typeof request.body?.login === 'string' ? request.body.login.slice(0, 256) : '';
    const password = typeof request.body?.password === 'string' ? request.body.password.slice(0, 256) : '';
    const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : null;
    const audit = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, clientId };
    const fail = (status: number, key: string, values?: Record<string, string | number>) =>
      sendPage(reply, status, renderLoginPage({ lang, uid: details.uid, login, error: translate(`account:${key}`, lang, values), homeUrl }));

    if (!login || !password) return fail(400, 'signIn.errors.required');

    const { windowSeconds } = limit;
    const byIp = await hitRateLimit(db, `signin:ip:${request.ip}`, limit.perIp, windowSeconds);
    const byLogin = await hitRateLimit(db, `signin:login:${login.toUpperCase()}`, limit.perLogin, windowSeconds);
    if (!byIp.allowed || !byLogin.allowed) {
      await writeSecurityLog(db, { action: 'LoginRateLimited', userName: login, ...audit });
      reply.header('retry-after', String(Math.max(byIp.retryAfter, byLogin.retryAfter)));
      return fail(429, 'signIn.errors.tooMany', { minutes: Math.ceil(windowSeconds / 60) });
    }

    const result = await signInWithPassword(db, login, password);
    if (!result.ok) {
      const action = result.reason === 'locked' ? 'LoginLockedOut' : result.reason === 'inactive' ? 'LoginNotAllowed' : 'LoginFailed';
      await writeSecurityLog(db, { action, userId: result.userId ?? null, tenantId: result.tenantId ?? null, userName: login, ...audit });
      if (result.reason === 'locked') return fail(423, 'signIn.errors.locked', { minutes: Math.max(1, Math.ceil(((result.lockoutEnd?.getTime() ?? Date.now()) - Date.now()) / 60000)) });
      if (result.reason === 'inactive') return fail(403, 'signIn.errors.inactive');
      return fail(401, 'signIn.errors.invalid');
    }

    await writeSecurityLog(db, { action: 'LoginSucceeded', userId: result.userId, tenantId: result.tenantId, userName: result.userName, ...audit });
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: result.userId } }, { mergeWithLastSubmission: false });
  });

  app.post<{ Params: Params }>(`${ISSUER_PATH}/interaction/:uid/abort`, async (request, reply) => {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  });
}
