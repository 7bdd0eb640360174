import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LINKS, type ExternalLinks } from '../common/links';
import { HISTORY_CLASSES, HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS, isHistoryClass, type HistoryClass } from './history/classes';

/**
 * The demo accounts README lists (seeded on the embedded database, or with SEED_DEMO=true): here,
 * below every module, as the demo tenant is also the plug-and-play default (server/accounts).
 */
export const DEMO_PASSWORD = 'Demo-Pass-2026';
export const DEMO_TENANT = 'Sunrise Care';

/** Server configuration, read once from the environment. Every setting has a working default. */
export interface Config {
  port: number;
  /** Listen address: loopback unless HOST says otherwise (a demo on one's own machine stays there). */
  host: string;
  /**
   * DEMO=true: the loud choice to run the demo (seeded accounts with the published password) on a
   * host others can reach; the web app then shows a banner. Without it demo accounts work only on loopback.
   */
  demo: boolean;
  /**
   * Which proxies' X-Forwarded-For is believed (server/http/trust-proxy.ts): false (none, the
   * default), a hop count, or the proxies' addresses / CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** Public origin of this server, e.g. http://localhost:3000 (no trailing slash). */
  publicUrl: string;
  /** Extra origins the web app may be opened on (sign-in redirects are allowed back to them). */
  extraOrigins: string[];
  /** PostgreSQL server URL; empty means embedded PGlite in dataDir. */
  databaseUrl: string;
  /** PGlite data folder; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /**
   * A PGlite data-folder dump (a file written from `dumpDataDir`) an in-memory database starts
   * from instead of a new cluster; empty: none. Tests start a database per server, and making the
   * cluster was most of a start (about 4 of 5 seconds).
   */
  memoryTemplate: string;
  /**
   * The folder with the embedded database's template `npm run build` makes (build/): a new data
   * folder starts from it instead of a new cluster and every migration (server/db/data-template.ts).
   * Empty: none.
   */
  dataTemplate: string;
  /** Seed the demo tenant and accounts: by default only on the embedded database on loopback, or with DEMO=true. */
  seedDemo: boolean;
  clientId: string;
  plugAndPlayClientId: string;
  /**
   * OIDC_DPOP_CLIENTS: client ids whose tokens must be bound to a key with DPoP (RFC 9449): the
   * issuer refuses their token requests without a DPoP proof. Other clients may still use Bearer.
   */
  dpopClients: string[];
  /** WEB_DPOP=false: the web app sends plain Bearer tokens instead of DPoP-bound ones (on by default). */
  webDpop: boolean;
  plugAndPlayHost: string;
  /** The tenant self-registered carers join when the request names none (`__tenant`): its name or id. */
  plugAndPlayTenant: string;
  mapsKey: string;
  /**
   * Leaflet's tile URL template (MAP_TILE_URL): OpenStreetMap's own tiles unless set, none with
   * `none`. The browser loads them straight from the tile host (the CSP allows it in img-src).
   */
  tileUrl: string;
  /** What the map credits for its tiles (MAP_TILE_ATTRIBUTION, HTML as Leaflet takes it): OpenStreetMap's by default. */
  tileAttribution: string;
  stripePublishableKey: string;
  links: ExternalLinks;
  /** The resource schemas folder (one JSON file per back-office resource). */
  schemasDir: string;
  /** Where the built web app lives. */
  distDir: string;
  /** Build the web app on start when dist/ is missing or older than its sources. */
  buildWeb: boolean;
  logLevel: string;
  /** LOG_FORMAT: 'json' (one JSON object a line), 'pretty' (pino-pretty, words), or 'auto' (the default): pretty in a terminal, JSON otherwise. */
  logFormat: 'auto' | 'pretty' | 'json';
  /**
   * Prometheus metrics (server/metrics). METRICS_PORT: a listener of their own (-1, the default, is
   * none; 0 any free port) on METRICS_HOST (loopback by default). METRICS_TOKEN: a bearer token
   * every scrape must send; with it /metrics is also served on PORT. Without either, no /metrics.
   */
  metrics: { port: number; host: string; token: string };
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** The first host administrator, created on start when no host user exists (production installs). */
  firstAdmin: { userName: string; email: string; password: string };
  /** Sign-in attempts allowed per client address and per login name in one window. */
  signInLimit: { perIp: number; perLogin: number; windowSeconds: number };
  /** Mail: SMTP server URL (smtp://user:pass@host:port); empty keeps mail in the outbox table (`npm run outbox`). */
  smtpUrl: string;
  mailFrom: string;
  /** The OsmAnd ingest's own port (the main port serves /ingest/osmand too); 0 picks a free port, -1 turns it off. */
  ingestPort: number;
  /** The 3G watches' port (their `watch` protocol, a connection kept open); 0 picks a free port, -1 turns it off. */
  watchPort: number;
  /** The Eview watches' port (minifinder2, binary, a connection kept open); 0 picks a free port, -1 turns it off. */
  eviewPort: number;
  /** Open connections one address may hold on each watch port (mobile networks put many watches behind one address). */
  watchConnectionsPerAddress: number;
  /** Stripe: with a secret key the Stripe adapter is used, otherwise the built-in gateway. */
  stripe: { secretKey: string; webhookSecret: string; apiHost: string; apiPort: number; apiProtocol: 'http' | 'https' };
  /**
   * The payment gateway: 'stripe' with STRIPE_SECRET_KEY, else 'builtin' (Stripe's test cards, no
   * money moves). `chosen`: the operator named it (PAYMENTS=builtin|stripe, or DEMO=true for the
   * built-in one); off loopback the built-in gateway runs only when chosen (paymentsProblem).
   */
  payments: { gateway: 'builtin' | 'stripe'; chosen: boolean };
  /** SMS gateway for commands with the text-message flag: 'log' (default) writes them to the log. */
  smsGateway: string;
  /**
   * SMS_GATEWAY=http: a generic HTTP SMS gateway (server/sms): SMS_GATEWAY_URL, SMS_GATEWAY_METHOD
   * (POST), SMS_GATEWAY_AUTH (the Authorization header's value), SMS_GATEWAY_BODY (a template with
   * {{to}} and {{text}}), SMS_GATEWAY_FORMAT (json or form), SMS_GATEWAY_TIMEOUT_MS (5000).
   */
  smsHttp: { url: string; method: string; auth: string; body: string; format: 'json' | 'form'; timeoutMs: number };
  /**
   * GEOCODER_URL: a Nominatim-compatible geocoder (its base URL or its /reverse URL) for street
   * addresses in alarms and "Find a place" on the map; empty: coordinates only. GEOCODER_TIMEOUT_MS
   * (1500), GEOCODER_USER_AGENT (Vigil and PUBLIC_URL) and GEOCODER_SEARCH_PER_MINUTE (searches a
   * node sends at most, 30) go with it.
   */
  geocoder: { url: string; timeoutMs: number; userAgent: string; searchPerMinute: number };
  /**
   * GEOLOCATION_URL: a Google Geolocation API-compatible service (Google's, beaconDB's) that places
   * fixes which came with cell towers and Wi-Fi access points but no coordinates; empty: none (they
   * stay at the last known place). GEOLOCATION_KEY is sent as `?key=`; GEOLOCATION_TIMEOUT_MS (5000)
   * and GEOLOCATION_PER_MINUTE (requests a node makes at most, 300) go with it.
   */
  geolocation: { url: string; key: string; timeoutMs: number; perMinute: number };
  /** MitID (or any external OpenID Connect provider) for sign-in; empty issuer turns it off. */
  mitid: { issuer: string; clientId: string; clientSecret: string; displayName: string };
  /** How many days logs and sent mail are kept (server/retention): RETENTION_AUDIT_LOG_DAYS, RETENTION_SECURITY_LOG_DAYS, RETENTION_SENT_MAIL_DAYS. */
  retention: LogRetention;
  /** Positions and events (server/history): the class a tenant without its own keeps, and the longest one may choose. RETENTION_HISTORY_DEFAULT_DAYS, RETENTION_HISTORY_MAX_DAYS. */
  history: { defaultDays: HistoryClass; maxDays: HistoryClass };
  /** Scheduled backups (server/backup): BACKUP_DIR (empty: none), BACKUP_KEEP (7), BACKUP_EVERY_HOURS (24). */
  backup: { dir: string; keep: number; everyMs: number };
  /** Start background workers (mail delivery, billing run, offline detection). Tests may turn them off. */
  workers: boolean;
  /**
   * API worker processes `npm start` runs on the one port (server/cluster): one per core with
   * PostgreSQL, always 1 with the embedded database (PGlite lives in one process).
   */
  apiWorkers: number;
  /**
   * Admission control for back-office API calls (server/http/admission.ts), per process: at most
   * `maxInFlight` at once, at most `maxQueue` waiting, none waiting longer than `maxWaitMs`; the
   * rest is answered 503 with Retry-After. Sign-in, token, ingest and alarms are never held.
   * ADMISSION=off turns it off.
   */
  admission: { enabled: boolean; maxInFlight: number; maxQueue: number; maxWaitMs: number };
  /**
   * Web Push (server/push): VAPID_SUBJECT (a mailto: or https: contact for push services; default a
   * mailto of MAIL_FROM's address, else PUBLIC_URL when https), PUSH_TIMEOUT_MS (each push request's
   * deadline), PUSH_ALLOW_LOCAL_HTTP (accept http://localhost endpoints: tests' push service only).
   */
  push: { vapidSubject: string; timeoutMs: number; allowLocalHttp: boolean };
  /** How long an escalation "minute" is, in ms (server/alarms/escalate.ts): 60000; tests shorten it. */
  escalationMinuteMs: number;
}

export type TrustProxy = false | number | string[];

/** How long logs and sent mail are kept, in days (RETENTION_*_DAYS; README, Retention). */
export interface LogRetention {
  auditLogDays: number;
  securityLogDays: number;
  sentMailDays: number;
}

/** The host's defaults, and why: docs/decisions/038-retention-of-logs-and-sent-mail.md. */
export const LOG_RETENTION_DEFAULTS: LogRetention = { auditLogDays: 365, securityLogDays: 365, sentMailDays: 90 };

const root = path.resolve(import.meta.dirname, '..');

/**
 * OpenStreetMap's tile server, the map's background when MAP_TILE_URL is not set: free for an
 * application's interactive use within its tile usage policy (https://operations.osmfoundation.org/policies/tiles/):
 * the attribution below shown on the map, a Referer from the browser (referrer-policy is not
 * no-referrer), tiles loaded as people look, never in bulk or ahead.
 */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** MAP_TILE_URL: OpenStreetMap's tiles when unset, none with `none` (or `off`), else the template given. */
function tileUrl(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return OSM_TILE_URL;
  return ['none', 'off', 'false'].includes(text.toLowerCase()) ? '' : text;
}

/** Whether a listen address is reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(h);
}

/** PAYMENTS: 'builtin' or 'stripe' when named; unset picks Stripe when STRIPE_SECRET_KEY is set. */
function payments(env: NodeJS.ProcessEnv, demo: boolean): Config['payments'] {
  const named = (env.PAYMENTS ?? '').trim().toLowerCase();
  if (named && named !== 'builtin' && named !== 'stripe') throw new Error(`PAYMENTS must be builtin or stripe, not "${env.PAYMENTS}"`);
  if (named === 'stripe' && !env.STRIPE_SECRET_KEY) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET): see README, Configuration.');
  const gateway = named === 'builtin' ? 'builtin' : named === 'stripe' || env.STRIPE_SECRET_KEY ? 'stripe' : 'builtin';
  return { gateway, chosen: named !== '' || (gateway === 'builtin' && demo) };
}

/** The gateway billing runs on: the one PAYMENTS names, else Stripe when a secret key is set. */
export function paymentGateway(config: Pick<Config, 'payments' | 'stripe'>): 'builtin' | 'stripe' {
  return config.payments.chosen ? config.payments.gateway : config.stripe.secretKey ? 'stripe' : 'builtin';
}

/**
 * Why this configuration must not start, if it must not: the built-in gateway on an address others
 * can reach without the operator having chosen it. Carers there would think they paid, while no
 * money moves.
 */
export function paymentsProblem(config: Pick<Config, 'host' | 'payments'>): string | undefined {
  if (config.payments.gateway !== 'builtin' || config.payments.chosen || isLoopback(config.host)) return undefined;
  return [
    `Vigil does not start: HOST=${config.host} can be reached from other machines, and without STRIPE_SECRET_KEY payments would go`,
    'through the built-in test gateway, which accepts only test cards and moves no money.',
    'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments, or PAYMENTS=builtin (or DEMO=true) to run the test gateway on purpose.',
  ].join('\n');
}

/** TRUST_PROXY: off (default), a hop count, or comma-separated addresses/CIDRs ('loopback' etc. too). */
function trustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  // Trusting every caller is what this setting exists to prevent: refuse rather than guess.
  if (['true', 'yes', 'on', '*'].includes(text.toLowerCase())) throw new Error('TRUST_PROXY must be a hop count or the proxies\' addresses, not "true"');
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((a) => a.trim()).filter(Boolean);
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** A whole number above 0, or undefined (unset or not a count: the default applies). */
/** A number of days to keep data: a value that is set but not a whole number of days is refused, never replaced by the default. */
function days(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 36_500) throw new Error(`${name} must be a whole number of days from 1 to 36500, not "${value}"`);
  return n;
}

/** A retention class of the history (server/history/classes.ts), no longer than `max`. */
function historyClass(name: string, value: string | undefined, fallback: HistoryClass, max = 36_500): HistoryClass {
  const n = days(name, value, fallback);
  if (!isHistoryClass(n)) throw new Error(`${name} must be one of ${HISTORY_CLASSES.join(', ')} days, not "${value}"`);
  if (n > max) throw new Error(`${name} (${n}) must not be longer than RETENTION_HISTORY_MAX_DAYS (${max})`);
  return n;
}

function historyRetention(env: NodeJS.ProcessEnv): { defaultDays: HistoryClass; maxDays: HistoryClass } {
  const maxDays = historyClass('RETENTION_HISTORY_MAX_DAYS', env.RETENTION_HISTORY_MAX_DAYS, HISTORY_MAX_DAYS);
  return { maxDays, defaultDays: historyClass('RETENTION_HISTORY_DEFAULT_DAYS', env.RETENTION_HISTORY_DEFAULT_DAYS, Math.min(HISTORY_DEFAULT_DAYS, maxDays) as HistoryClass, maxDays) };
}

/** LOG_FORMAT: a set value other than the three is refused, never guessed. */
function logFormat(value: string | undefined): Config['logFormat'] {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return 'auto';
  if (v === 'auto' || v === 'pretty' || v === 'json') return v;
  throw new Error(`LOG_FORMAT must be json, pretty or auto, not "${value}"`);
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function links(json: string | undefined): ExternalLinks {
  if (!json) return DEFAULT_LINKS;
  const given = JSON.parse(json) as Partial<ExternalLinks>;
  return {
    ...DEFAULT_LINKS,
    ...given,
    apps: { ...DEFAULT_LINKS.apps, ...given.apps },
    privacy: { ...DEFAULT_LINKS.privacy, ...given.privacy },
    support: { ...DEFAULT_LINKS.support, ...given.support },
  };
}

/** The VAPID contact when VAPID_SUBJECT is not set: the mail sender's address, or the public URL when it is https. */
export function defaultVapidSubject(mailFrom: string, publicUrl: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(mailFrom.trim()) ? mailFrom.trim() : undefined);
  if (address) return `mailto:${address}`;
  return publicUrl.startsWith('https:') ? publicUrl : 'mailto:no-reply@localhost';
}

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
    payments: payments(env, demo),
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
    history: historyRetention(env),
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
