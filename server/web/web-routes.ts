import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import { healthOf, type Db } from '../db/database';
import { logFailure, RETRY_AFTER_SECONDS } from '../db/health';
import { sql } from 'kysely';
import { ANONYMOUS } from '../permissions/guard';
import { translate } from '../localization/texts';
import { notFound, sendAbpError } from '../http/errors';
import { runtimeConfig, RUNTIME_CONFIG_SCHEMA } from './runtime-config';
import { ISSUER_NOT_FOUND } from '../oidc';
import { ISSUER_PATH } from '../oidc/provider';

const HEALTH = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'degraded', 'unavailable'] },
    database: { type: 'string', enum: ['ok', 'unreachable'] },
    listening: { type: 'boolean' },
    pid: { type: 'integer' },
  },
  required: ['status', 'database', 'listening', 'pid'],
} as const;

/**
 * The web app and the small public endpoints around it: the built files from dist/ (hashed
 * assets cached for a year), index.html for every client-side route, the runtime configuration
 * (GET /api/runtime-config, and as the script index.html loads, /runtime-config.js) and GET /health.
 */
export async function webRoutes(app: FastifyInstance, opts: { config: Config; db: Db }) {
  const { config, db } = opts;
  const runtime = runtimeConfig(config);
  const indexFile = path.join(config.distDir, 'index.html');
  // A same-origin script rather than an inline one: the Content-Security-Policy allows no inline script.
  // Classic and blocking, so it has run before the deferred module script of the app.
  const configJs = `window.__VIGIL__=${JSON.stringify(runtime).replace(/</g, '\\u003c')};\n`;
  // Outside /api, so admission control never holds the app's start behind back-office calls.
  const configScript = '<script src="/runtime-config.js"></script>';
  let indexHtml: string | undefined;
  const loadIndex = () => {
    if (indexHtml === undefined && fs.existsSync(indexFile)) {
      indexHtml = fs.readFileSync(indexFile, 'utf8').replace('<!--vigil-config-->', configScript);
    }
    return indexHtml;
  };

  app.get(
    '/api/runtime-config',
    { config: { policy: ANONYMOUS }, schema: { tags: ['web'], summary: 'What the web app needs at run time (issuer, client ids, links)', response: { 200: RUNTIME_CONFIG_SCHEMA } } },
    async () => runtime,
  );
  app.get('/runtime-config.js', { config: { policy: ANONYMOUS }, schema: { hide: true, response: { 200: { type: 'string' } } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(configJs),
  );

  // Ready: the database answers and this node hears the others (live alarms, cache updates).
  // Degraded: it answers but LISTEN is being re-established (still serving; 200). Unavailable: 503,
  // so a load balancer sends requests elsewhere until the database is back.
  const health = healthOf(db);
  app.get('/health', { schema: { response: { 200: HEALTH, 503: HEALTH } } }, async (request, reply) => {
    const listening = health.listening;
    try {
      health.check();
      await sql`select 1`.execute(db);
      return { status: listening ? 'ready' : 'degraded', database: 'ok', listening, pid: process.pid };
    } catch (err) {
      logFailure(request.log, err, 'health check failed');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable', listening, pid: process.pid });
    }
  });

  if (fs.existsSync(config.distDir)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      index: false,
      wildcard: false,
      // Everything outside assets/ is revalidated on every use, the service worker (/sw.js) and
      // its registration script and the manifest included, so a new build reaches installed apps.
      // The plugin's own Cache-Control ('public, max-age=0') would be set after these headers and
      // replace them: it is off, so the rule below is the one sent.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    // The API, the issuer and well-known documents answer in their own format, never with the page.
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return sendAbpError(reply, notFound(translate('errors.routeNotFound', request.language)));
    if (urlPath === ISSUER_PATH || urlPath.startsWith(`${ISSUER_PATH}/`)) return reply.status(404).send(ISSUER_NOT_FOUND);
    if (urlPath.startsWith('/.well-known/')) return reply.status(404).send({ error: 'not_found', error_description: 'There is no such document.' });
    // A scraper asking a public port that serves no metrics (no METRICS_TOKEN) is told so, not handed the page.
    if (urlPath === '/metrics') return reply.status(404).type('text/plain').send('Not found');
    const wantsPage = request.method === 'GET' && !path.extname(urlPath);
    const html = wantsPage ? loadIndex() : undefined;
    if (!html) return reply.status(404).type('text/plain').send('Not found');
    // The web app decides what a route shows, including its own not-found page.
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
