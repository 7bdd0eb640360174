import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import { PROJECT_ROOT } from '../config';
import type { Db } from '../db/database';
import { isConnectionError, logFailure, RETRY_AFTER_SECONDS } from '../db/health';
import { writeSecurityLog } from '../identity/security-log';
import { sweepChallenges } from '../identity/two-factor';
import { sweepExpired } from './adapter';
import { ExternalProvider } from './external-provider';
import { interactionRoutes } from './interaction-routes';
import { FONT_PATH } from './pages';
import { API_AUDIENCE, createProvider, ISSUER_PATH, issuerUrl } from './provider';
import { publicJwks, type IssuerSecrets } from './secrets';
import { revokeAccessTokens } from './access-token-revocation';
import { recordSessionActivity } from './session-activity';
import type { TokenLiveness } from './token-liveness';

/** What an unknown path of the issuer answers (also /oidc itself, from the not-found handler). */
export const ISSUER_NOT_FOUND = { error: 'not_found', error_description: 'There is no such address on this sign-in server.' } as const;

/** The proxy headers a request came with, passed on to the issuer's own answer. */
function forwarded(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for']) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * Mounts the OpenID Connect issuer under /oidc: oidc-provider's own endpoints (discovery, auth,
 * token, userinfo, revocation, end-session, jwks) plus our sign-in pages and their fonts.
 */
export async function registerIssuer(app: FastifyInstance, config: Config, db: Db, secrets: IssuerSecrets, liveness: TokenLiveness): Promise<Provider> {
  const provider = createProvider(config, db, secrets);
  revokeAccessTokens(provider, { issuer: issuerUrl(config), audience: API_AUDIENCE, jwks: publicJwks(secrets.jwks), liveness });
  recordSessionActivity(provider, db, app.log);

  provider.on('end_session.success', (ctx) => {
    const accountId = ctx.oidc.session?.accountId;
    void writeSecurityLog(db, {
      action: 'Logout',
      userId: accountId ?? null,
      clientId: ctx.oidc.client?.clientId ?? null,
      ip: (ctx.req as IncomingMessage & { clientIp?: string }).clientIp ?? ctx.socket.remoteAddress ?? null,
      userAgent: ctx.get('user-agent') || null,
    }).catch((err: unknown) => app.log.error({ err }, 'security log failed'));
  });
  provider.on('server_error', (ctx, err) => {
    if (isConnectionError(err)) ctx.state.databaseUnavailable = true;
    else app.log.error({ err }, 'issuer error');
  });
  // The database away is no server error: 503 with Retry-After, so a client (or the web app's token
  // renewal) tries again rather than giving up and signing the user out.
  provider.use(async (ctx, next) => {
    await next();
    // A path the issuer does not serve: a JSON 404 as OAuth errors are, not Koa's plain text.
    if (ctx.status === 404 && !ctx.body) {
      ctx.status = 404;
      ctx.body = ISSUER_NOT_FOUND;
      return;
    }
    if (!ctx.state.databaseUnavailable) return;
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    if (ctx.type.includes('json')) ctx.body = { error: 'temporarily_unavailable', error_description: 'The database is briefly unavailable; try again shortly.' };
  });

  // Koa composes its middleware when the callback is made: after every provider.use.
  const callback = provider.callback();
  const external = new ExternalProvider(config.mitid, config.publicUrl);
  await app.register(interactionRoutes, { provider, db, homeUrl: config.publicUrl, limit: config.signInLimit, external });

  await app.register(fastifyStatic, {
    root: path.join(PROJECT_ROOT, 'node_modules', '@fontsource', 'montserrat', 'files'),
    prefix: `${FONT_PATH}/`,
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });

  // oidc-provider reads its own request bodies, so this scope parses none.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${ISSUER_PATH}/*`, (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string; clientIp?: string };
      raw.originalUrl = raw.url;
      // The address Fastify found (X-Forwarded-For believed only from TRUST_PROXY), for the logs.
      raw.clientIp = request.ip;
      raw.url = raw.url!.slice(ISSUER_PATH.length) || '/';
      callback(raw, reply.raw);
    });
  });

  // The issuer's metadata where clients that start from the host look for it (OpenID Connect
  // Discovery section 4 at the root, RFC 8414 section 3.1 with the issuer's path after the
  // well-known segment): the document the issuer itself serves, fetched through the same pipeline.
  for (const url of ['/.well-known/openid-configuration', `/.well-known/openid-configuration${ISSUER_PATH}`, `/.well-known/oauth-authorization-server${ISSUER_PATH}`]) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const own = await app.inject({ method: 'GET', url: `${ISSUER_PATH}/.well-known/openid-configuration`, headers: { host: request.headers.host ?? '', ...forwarded(request.headers) } });
      return reply.status(own.statusCode).header('content-type', own.headers['content-type'] ?? 'application/json').header('cache-control', own.headers['cache-control'] ?? 'no-cache').send(own.body);
    });
  }

  // Expired codes, sessions and tokens are swept every ten minutes (idempotent on every node).
  const sweep = setInterval(() => void Promise.all([sweepExpired(db), sweepChallenges(db)]).catch((err: unknown) => logFailure(app.log, err, 'sweep failed')), 600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return provider;
}
