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

  // Expired codes, sessions and tokens are swept every ten minutes (idempotent on every node).
  const sweep = setInterval(() => void Promise.all([sweepExpired(db), sweepChallenges(db)]).catch((err: unknown) => logFailure(app.log, err, 'sweep failed')), 600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return provider;
}
