import type { FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { ABP_ERROR_RESPONSE, AbpError, badRequest, forbidden, sendAbpError } from '../http/errors';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit';
import { type Api, type Checked, querySchema } from '../http/route-schemas';
import { ANONYMOUS } from '../permissions/guard';
import { translate } from '../localization/texts';
import { passwordPolicyFor, passwordErrors } from './password-rules';
import { createHostAdmin, hostUserExists, userNameTaken } from './host-admin';
import { takeSetupToken } from './setup-token';
import { renderSetupDone, renderSetupPage } from './setup-page';

/** Tries per client address: the token is 256 random bits, the limit keeps the log readable. */
const TRIES_PER_IP = 10;
const WINDOW_SECONDS = 900;

const BODY = {
  type: 'object',
  required: ['token', 'userName', 'email', 'password'],
  additionalProperties: false,
  properties: {
    token: { type: 'string', maxLength: 200 },
    userName: { type: 'string', maxLength: 256 },
    email: { type: 'string', maxLength: 256 },
    password: { type: 'string', maxLength: 200 },
  },
} as const;
type SetupBody = Checked<typeof BODY>;
/** The setup page again with the refusal's status (any of the declared ones, which the route's typed reply cannot tell). */
const answerPage = (reply: FastifyReply, status: number, html: string) => reply.status(status).send(html);
const HTML = { type: 'string' } as const;

/**
 * The one-time setup of an install started with no host user and no ADMIN_PASSWORD: the link the
 * start-up banner prints (`$PUBLIC_URL/setup?token=...`) opens a form that creates the host
 * administrator with a password the operator chooses; the token is then void. POST /api/setup
 * does the same for scripts, answering in ABP's shape. The demo's published password (given by
 * the app, which seeds the demo) is refused.
 */
export async function setupRoutes(app: Api, opts: { config: Config; db: Db; demoPassword: string }) {
  const { db, demoPassword } = opts;
  await app.register(formbody, { bodyLimit: 8 * 1024 });

  async function complete(request: FastifyRequest, reply: FastifyReply, body: SetupBody): Promise<void> {
    const lang = request.language;
    const hit = await hitRateLimit(db, `setup:ip:${request.ip}`, TRIES_PER_IP, WINDOW_SECONDS);
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfter));
      throw tooManyRequests(lang);
    }
    const userName = body.userName.trim();
    const email = body.email.trim();
    const problems = [
      ...(userName ? [] : [{ members: ['userName'], message: translate('setup.userNameRequired', lang) }]),
      ...(/^[^\s@]+@[^\s@]+$/.test(email) ? [] : [{ members: ['email'], message: translate('setup.emailInvalid', lang) }]),
      ...passwordErrors(body.password, (await passwordPolicyFor(db, null)).rules, 'password', lang),
      ...(body.password === demoPassword ? [{ members: ['password'], message: translate('setup.demoPassword', lang) }] : []),
    ];
    if (problems.length) throw badRequest(translate('setup.invalid', lang), problems);
    await db.transaction().execute(async (trx) => {
      if (!(await takeSetupToken(trx, body.token))) {
        request.log.warn({ ip: request.ip }, 'setup: wrong or used token');
        throw forbidden(translate('setup.invalidToken', lang), 'Vigil:SetupTokenInvalid');
      }
      if (await hostUserExists(trx)) throw forbidden(translate('setup.invalidToken', lang), 'Vigil:SetupTokenInvalid');
      if (await userNameTaken(trx, userName, email)) throw badRequest(translate('setup.taken', lang), [{ members: ['userName', 'email'], message: translate('setup.taken', lang) }]);
      await createHostAdmin(trx, { userName, email, password: body.password });
    });
    request.log.warn({ ip: request.ip }, 'setup: host administrator created');
  }

  app.get(
    '/setup',
    { config: { policy: ANONYMOUS }, schema: { hide: true, querystring: querySchema({ token: { type: 'string', maxLength: 200 } }), response: { 200: HTML } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (await hostUserExists(db)) return renderSetupDone(request.language);
      return renderSetupPage(request.language, request.query.token ?? '');
    },
  );

  app.post(
    '/setup',
    { config: { policy: ANONYMOUS }, schema: { hide: true, body: BODY, response: { 201: HTML, 400: HTML, 403: HTML, 429: HTML } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      try {
        await complete(request, reply, request.body);
        return reply.status(201).send(renderSetupDone(request.language));
      } catch (err) {
        if (!(err instanceof AbpError)) throw err;
        const messages = err.extra.validationErrors?.map((e) => e.message) ?? [err.message];
        return answerPage(reply, err.status, renderSetupPage(request.language, request.body.token, request.body, messages));
      }
    },
  );

  app.post(
    '/api/setup',
    {
      config: { policy: ANONYMOUS },
      // Refusals go through sendAbpError: ABP's error body exactly.
      schema: {
        tags: ['setup'],
        summary: 'Create the first host administrator with the one-time setup token',
        body: BODY,
        response: { 201: { type: 'object', properties: { userName: { type: 'string' } }, required: ['userName'] }, 400: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 429: ABP_ERROR_RESPONSE },
      },
    },
    async (request, reply) => {
      try {
        await complete(request, reply, request.body);
      } catch (err) {
        if (err instanceof AbpError) return sendAbpError(reply, err);
        throw err;
      }
      return reply.status(201).send({ userName: request.body.userName.trim() });
    },
  );
}
