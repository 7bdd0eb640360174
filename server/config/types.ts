import type { ExternalLinks } from '../../common/links';
import type { Payments } from './payments';
import type { HistoryRetention, LogRetention } from './retention';
import type { TrustProxy } from './trust-proxy';
import type { LogFormat } from './values';

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
  logFormat: LogFormat;
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
  payments: Payments;
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
  history: HistoryRetention;
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
