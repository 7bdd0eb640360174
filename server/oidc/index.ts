import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import { PROJECT_ROOT } from '../config';
import type { Db } from '../db/database';
import { writeSecurityLog } from '../identity/security-log';
import { sweepChallenges } from '../identity/two-factor';
import { sweepExpired } from './adapter';
import { ExternalProvider } from './external-provider';
import { interactionRoutes } from './interaction-routes';
import { FONT_PATH } from './pages';
import { createProvider, ISSUER_PATH } from './provider';
import type { IssuerSecrets } from './secrets';

/**
 * Mounts the OpenID Connect issuer under /oidc: oidc-provider's own endpoints (discovery, auth,
 * token, userinfo, revocation, end-session, jwks) plus our sign-in pages and their fonts.
 */
export async function registerIssuer(app: FastifyInstance, config: Config, db: Db, secrets: IssuerSecrets): Promise<Provider> {
  const provider = createProvider(config, db, secrets);
  const callback = provider.callback();

  provider.on('end_session.success', (ctx) => {
    const accountId = ctx.oidc.session?.accountId;
    void writeSecurityLog(db, {
      action: 'Logout',
      userId: accountId ?? null,
      clientId: ctx.oidc.client?.clientId ?? null,
      ip: ctx.ip,
      userAgent: ctx.get('user-agent') || null,
    }).catch((err: unknown) => app.log.error({ err }, 'security log failed'));
  });
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'issuer error'));

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
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(ISSUER_PATH.length) || '/';
      callback(raw, reply.raw);
    });
  });

  // Expired codes, sessions and tokens are swept every ten minutes (idempotent on every node).
  const sweep = setInterval(() => void Promise.all([sweepExpired(db), sweepChallenges(db)]).catch((err: unknown) => app.log.warn({ err }, 'sweep failed')), 600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return provider;
}
