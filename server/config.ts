import os from 'node:os';
import path from 'node:path';
import { tileUrl, OSM_ATTRIBUTION } from './config/map-tiles';
import { isLoopback } from './config/loopback';
import { payments } from './config/payments';
import { days, historyRetention, LOG_RETENTION_DEFAULTS } from './config/retention';
import { trustProxy } from './config/trust-proxy';
import type { Config } from './config/types';
import { defaultVapidSubject } from './config/vapid-subject';
import { flag, links, logFormat, positive } from './config/values';

// The configuration's one import path: the parsers of its values live in server/config/, and every
// environment variable is read here, in loadConfig (tests/unit/env-example.test.ts holds
// .env.example to exactly these).
export type { Config } from './config/types';
export type { TrustProxy } from './config/trust-proxy';
export { OSM_ATTRIBUTION, OSM_TILE_URL } from './config/map-tiles';
export { isLoopback } from './config/loopback';
export { paymentGateway, paymentsProblem } from './config/payments';
export { LOG_RETENTION_DEFAULTS, type LogRetention } from './config/retention';
export { defaultVapidSubject } from './config/vapid-subject';

/**
 * The demo accounts README lists (seeded on the embedded database, or with SEED_DEMO=true): here,
 * below every module, as the demo tenant is also the plug-and-play default (server/accounts).
 */
export const DEMO_PASSWORD = 'Demo-Pass-2026';
export const DEMO_TENANT = 'Sunrise Care';

// Found from this file's folder (server/): the server bundle gives it build/../server
// (scripts/server-bundle.mjs), so this file stays directly in server/.
const root = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL ?? '';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const host = env.HOST || '127.0.0.1';
  const demo = flag(env.DEMO, false);
  return {
    port,
    host,
    demo,
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl,
    extraOrigins: (env.EXTRA_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    databaseUrl,
    dataDir: env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : path.resolve(root, env.DATA_DIR ?? 'data'),
    memoryTemplate: '',
    dataTemplate: path.join(root, 'build'),
    // The demo password is published: its accounts exist on a reachable host only by DEMO=true.
    seedDemo: demo || (isLoopback(host) && flag(env.SEED_DEMO, databaseUrl === '')),
    clientId: env.OIDC_CLIENT_ID ?? 'vigil-web',
    plugAndPlayClientId: env.PLUG_AND_PLAY_CLIENT_ID ?? 'vigil-plug-and-play',
    dpopClients: (env.OIDC_DPOP_CLIENTS ?? '').split(',').map((c) => c.trim()).filter(Boolean),
    webDpop: env.WEB_DPOP !== 'false',
    plugAndPlayHost: env.PLUG_AND_PLAY_HOST ?? '',
    plugAndPlayTenant: env.PLUG_AND_PLAY_TENANT ?? '',
    mapsKey: env.GOOGLE_MAPS_KEY ?? '',
    tileUrl: tileUrl(env.MAP_TILE_URL),
    tileAttribution: env.MAP_TILE_ATTRIBUTION?.trim() || OSM_ATTRIBUTION,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    links: links(env.LINKS_JSON),
    schemasDir: path.resolve(root, env.SCHEMAS_DIR ?? 'schemas'),
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    buildWeb: flag(env.BUILD_WEB, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    metrics: { port: Number(env.METRICS_PORT ?? -1), host: env.METRICS_HOST || '127.0.0.1', token: env.METRICS_TOKEN ?? '' },
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 3600),
    firstAdmin: { userName: env.ADMIN_USERNAME ?? 'admin', email: env.ADMIN_EMAIL ?? 'admin@localhost', password: env.ADMIN_PASSWORD ?? '' },
    signInLimit: {
      perIp: Number(env.SIGNIN_LIMIT_PER_IP ?? 30),
      perLogin: Number(env.SIGNIN_LIMIT_PER_LOGIN ?? 10),
      windowSeconds: Number(env.SIGNIN_LIMIT_WINDOW ?? 300),
    },
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'Vigil <no-reply@localhost>',
    ingestPort: Number(env.INGEST_PORT ?? 5055),
    watchPort: Number(env.WATCH_PORT ?? 5093),
    eviewPort: Number(env.EVIEW_PORT ?? 5187),
    watchConnectionsPerAddress: Number(env.WATCH_CONNECTIONS_PER_ADDRESS ?? 500),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      apiHost: env.STRIPE_API_HOST ?? '',
      apiPort: Number(env.STRIPE_API_PORT ?? 443),
      apiProtocol: env.STRIPE_API_PROTOCOL === 'http' ? 'http' : 'https',
    },
    payments: payments(env.PAYMENTS, env.STRIPE_SECRET_KEY, demo),
    smsGateway: env.SMS_GATEWAY ?? 'log',
    smsHttp: {
      url: env.SMS_GATEWAY_URL ?? '',
      method: (env.SMS_GATEWAY_METHOD || 'POST').toUpperCase(),
      auth: env.SMS_GATEWAY_AUTH ?? '',
      body: env.SMS_GATEWAY_BODY ?? '',
      format: env.SMS_GATEWAY_FORMAT === 'form' ? 'form' : 'json',
      timeoutMs: positive(env.SMS_GATEWAY_TIMEOUT_MS) ?? 5000,
    },
    geocoder: {
      url: (env.GEOCODER_URL ?? '').trim(),
      timeoutMs: positive(env.GEOCODER_TIMEOUT_MS) ?? 1500,
      userAgent: env.GEOCODER_USER_AGENT || `Vigil/0.1 (${publicUrl})`,
      searchPerMinute: positive(env.GEOCODER_SEARCH_PER_MINUTE) ?? 30,
    },
    geolocation: {
      url: (env.GEOLOCATION_URL ?? '').trim(),
      key: (env.GEOLOCATION_KEY ?? '').trim(),
      timeoutMs: positive(env.GEOLOCATION_TIMEOUT_MS) ?? 5000,
      perMinute: positive(env.GEOLOCATION_PER_MINUTE) ?? 300,
    },
    mitid: {
      issuer: env.MITID_ISSUER ?? '',
      clientId: env.MITID_CLIENT_ID ?? '',
      clientSecret: env.MITID_CLIENT_SECRET ?? '',
      displayName: env.MITID_DISPLAY_NAME ?? 'MitID',
    },
    retention: {
      auditLogDays: days('RETENTION_AUDIT_LOG_DAYS', env.RETENTION_AUDIT_LOG_DAYS, LOG_RETENTION_DEFAULTS.auditLogDays),
      securityLogDays: days('RETENTION_SECURITY_LOG_DAYS', env.RETENTION_SECURITY_LOG_DAYS, LOG_RETENTION_DEFAULTS.securityLogDays),
      sentMailDays: days('RETENTION_SENT_MAIL_DAYS', env.RETENTION_SENT_MAIL_DAYS, LOG_RETENTION_DEFAULTS.sentMailDays),
    },
    history: historyRetention(env.RETENTION_HISTORY_MAX_DAYS, env.RETENTION_HISTORY_DEFAULT_DAYS),
    backup: {
      dir: env.BACKUP_DIR ? path.resolve(root, env.BACKUP_DIR) : '',
      keep: positive(env.BACKUP_KEEP) ?? 7,
      everyMs: (positive(env.BACKUP_EVERY_HOURS) ?? 24) * 3_600_000,
    },
    workers: flag(env.WORKERS, true),
    apiWorkers: databaseUrl ? positive(env.API_WORKERS) ?? os.availableParallelism() : 1,
    admission: {
      enabled: flag(env.ADMISSION, true),
      // PostgreSQL: 4 calls of up to two queries at once leave 2 of the pool's 10 connections free.
      // PGlite answers in-process within one turn of the event loop: more calls at once add no
      // throughput, only longer turns for sign-ins to wait through (bench:overload).
      maxInFlight: positive(env.ADMISSION_MAX_IN_FLIGHT) ?? (databaseUrl ? 4 : 2),
      maxQueue: positive(env.ADMISSION_MAX_QUEUE) ?? 32,
      maxWaitMs: positive(env.ADMISSION_MAX_WAIT_MS) ?? 3000,
    },
    push: {
      vapidSubject: env.VAPID_SUBJECT || defaultVapidSubject(env.MAIL_FROM ?? 'Vigil <no-reply@localhost>', publicUrl),
      timeoutMs: positive(env.PUSH_TIMEOUT_MS) ?? 10_000,
      allowLocalHttp: flag(env.PUSH_ALLOW_LOCAL_HTTP, false),
    },
    escalationMinuteMs: 60_000,
    ...overrides,
  };
}

export const PROJECT_ROOT = root;
