import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import type Provider from 'oidc-provider';
import type { Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db/database';
import { backupModule } from './backup';
import { retentionModule } from './retention';
import { privacyModule } from './privacy';
import { installErrorHandler } from './http/errors';
import { installRouteValidation } from './http/route-validation';
import { DeferredCompiles, deferredSerializers, installDeferredCompiles } from './http/deferred-compile';
import { installNulGuard } from './http/nul-guard';
import { installRequestContext } from './http/request-context';
import { installAdmission } from './http/admission';
import { installAuthentication } from './http/authentication';
import { installPolicyGuard } from './permissions/guard';
import { installTenantResolution } from './tenancy/resolve-tenant';
import { translate } from './localization/texts';
import { localeRoutes } from './languages/locale-routes';
import { registerIssuer } from './oidc';
import { API_AUDIENCE, appOrigins, issuerUrl } from './oidc/provider';
import { loadIssuerSecrets, publicJwks } from './oidc/secrets';
import { installTokenLiveness, TokenLiveness } from './oidc/token-liveness';
import { transferEndedSignIn } from './accounts/transfers';
import { registerNode } from './http/api-nodes';
import { applicationConfigurationRoutes } from './application-configuration/routes';
import { applicationLocalizationRoutes } from './abp/application-localization';
import { userOverviewRoutes } from './identity/user-overview-routes';
import { securityLogRoutes } from './identity/security-log-routes';
import { bootstrapStaticRoles } from './identity/static-roles';
import { DEMO_PASSWORD, seedDemo } from './seed/demo';
import { ensureFirstAdmin } from './seed/first-admin';
import { demoAllowed, guardDemoAccounts } from './seed/demo-guard';
import { setupRoutes } from './identity/setup-routes';
import { trustFunction } from './http/trust-proxy';
import { installSecurityHeaders } from './web/security-headers';
import { webRoutes } from './web/web-routes';
import { installAuditLog } from './audit/audit-log';
import { prepareSchemaEngine, schemaEngineRoutes, schemaNamespace, type SchemaEngine } from './schema-engine';
import { policyCatalogue } from './permissions/catalogue';
import { declareCommonRefusals, registerOpenApi } from './web/openapi';
import { resourceExtensionRoutes } from './resource-extensions';
import { identityModule } from './identity';
import { permissionManagementRoutes } from './permission-management/routes';
import { tenancyModule } from './tenancy';
import { languagesModule } from './languages';
import { settingsModule } from './settings';
import { mailModule } from './mail';
import { accountsModule } from './accounts';
import { billingModule } from './billing';
import { devicesModule } from './devices';
import { ingestModule } from './ingest';
import { trackingModule } from './tracking';
import { alarmsModule } from './alarms';
import { geofencesModule } from './geofences';
import { geocodingModule } from './geocoding';
import { commandsModule } from './commands';
import { deviceStockModule } from './device-stock';
import { pushModule } from './push';
import type { ModuleContext } from './module-context';
import { JobQueue } from './jobs';
import { jobQueueMetrics } from './jobs/metrics';
import { createLogger } from './logging/logger';
import { RequestLines } from './logging/request-line';
import { installMetrics } from './web/metrics';
import { metricsRoute } from './metrics/endpoint';
import { probeRoutes } from './web/probes';
import { StartPhases } from './cluster/start-phases';

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  provider: Provider;
  config: Config;
  engine: SchemaEngine;
  /** Whether a host administrator exists, was just created from ADMIN_PASSWORD, or is missing. */
  firstAdmin: 'exists' | 'created' | 'missing';
  /** Demo accounts turned off at this start: a reachable host without DEMO=true (seed/demo-guard.ts). */
  demoDisabled: string[];
  close(): Promise<void>;
}

/**
 * Builds the whole server on one Fastify instance: database (migrated), issuer, API and web app.
 * Used by `npm start` and by the API tests alike.
 */
export async function createServer(config: Config, phases = new StartPhases()): Promise<Server> {
  const database = await phases.time('open database', () => openDatabase(config));
  const template = database.template;
  if (template?.used) phases.note(`the data folder was made from the build's database template (${template.migrations} migrations, made ${template.made})`);
  try {
    return await startOn(database, config, phases);
  } catch (err) {
    await database.close();
    throw err;
  }
}

async function startOn(database: DatabaseHandle, config: Config, phases: StartPhases): Promise<Server> {
  const { db } = database;
  const time = phases.time.bind(phases);
  await time('migrations', () => migrate(db));
  const engine = await time('schema tables', () => prepareSchemaEngine(db, config.schemasDir));
  const policies = policyCatalogue(engine.schemas);
  await time('static roles', () => bootstrapStaticRoles(db, policies));
  if (config.seedDemo) await time('demo data', () => seedDemo(db));
  const demoDisabled = await time('demo guard', () => guardDemoAccounts(db, demoAllowed(config)));
  const firstAdmin = await time('first administrator', () => ensureFirstAdmin(db, config.firstAdmin));

  const compiles = new DeferredCompiles();
  const app = Fastify({
    // One log for the whole process (server/logging): JSON or words, nothing personal, one line a request.
    loggerInstance: createLogger(config) as FastifyBaseLogger,
    logController: new RequestLines(),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: trustFunction(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Each route's answer serializer is compiled on first use or after listening, not before.
    schemaController: { compilersFactory: { buildSerializer: deferredSerializers(compiles) } },
  });
  installDeferredCompiles(app, compiles);
  // Route schemas are checked with the project's ajv; refusals are answered by the error handler in the caller's language.
  installRouteValidation(app);

  // An empty JSON body (a DELETE sent with Content-Type: application/json) is no body, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      // secure-json-parse refuses __proto__ and constructor.prototype keys (prototype poisoning).
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });

  database.health.setLog(app.log);
  if (database.template && !database.template.used && database.template.reason === 'stale') {
    app.log.info(`The build's database template is not used (${database.template.detail ?? 'stale'}): the new data folder was migrated instead. \`npm run build\` makes a new one.`);
  }
  installMetrics(app, database, config);
  // Before any route registers: every /api route then declares the refusals the hooks give.
  declareCommonRefusals(app);
  installSecurityHeaders(app, config);
  installRequestContext(app);
  installAdmission(app, config);
  installErrorHandler(app, translate);
  installNulGuard(app);
  const secrets = await time('issuer keys', () => loadIssuerSecrets(db));
  installAuthentication(app, { issuer: issuerUrl(config), audience: API_AUDIENCE, jwks: publicJwks(secrets.jwks), db, origins: appOrigins(config) });
  const liveness = new TokenLiveness(db, app.log);
  installTokenLiveness(app, liveness, (principal, lang) => transferEndedSignIn(db, principal, lang));
  await time('api node', () => registerNode(app, db, issuerUrl(config)));
  installPolicyGuard(app, db);
  installTenantResolution(app, db);
  installAuditLog(app, db);

  // Every response says it is ABP-formatted where it is an error; the header is exposed to CORS.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-expose-headers', '_AbpErrorFormat');
  });

  await time('openapi', () => registerOpenApi(app));
  const provider = await time('issuer', () => registerIssuer(app, config, db, secrets, liveness));
  await app.register(localeRoutes, { generated: { schemas: (folder: string) => schemaNamespace(engine.schemas, folder) } });
  await app.register(applicationConfigurationRoutes, { db, policies });
  await app.register(applicationLocalizationRoutes);
  await time('schema routes', async () => { await app.register(schemaEngineRoutes, { db, engine }); });
  await app.register(resourceExtensionRoutes, { db, engine });
  await app.register(identityModule, { db });
  await app.register(permissionManagementRoutes, { db, policies });
  await app.register(tenancyModule, { db, policies });
  await app.register(languagesModule, { db });
  await app.register(settingsModule, { db });
  // Feature modules: one plugin per folder, each given the same context.
  // One job queue per node (server/jobs): modules register their kinds; it runs once the server is ready.
  const jobs = new JobQueue(db, { log: app.log });
  const unreportJobs = jobQueueMetrics({ db, kinds: () => jobs.kindNames });
  app.addHook('onClose', async () => unreportJobs());
  if (config.workers) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.close());
  await app.register(backupModule, { database, config, jobs });
  const context: ModuleContext = { db, config, engine, liveness, jobs };
  // A module is served when the schema resources it builds on are there (a server started on
  // another schemas folder, as some tests do, has fewer modules), like server/resource-extensions.
  const FEATURE_MODULES: { plugin: (app: FastifyInstance, ctx: ModuleContext) => Promise<void>; needs: string[] }[] = [
    { plugin: mailModule, needs: [] },
    { plugin: accountsModule, needs: [] },
    { plugin: billingModule, needs: ['organizations', 'customers'] },
    { plugin: devicesModule, needs: [] },
    { plugin: ingestModule, needs: [] },
    { plugin: trackingModule, needs: [] },
    { plugin: alarmsModule, needs: [] },
    { plugin: geofencesModule, needs: [] },
    { plugin: geocodingModule, needs: [] },
    { plugin: commandsModule, needs: [] },
    { plugin: pushModule, needs: [] },
    { plugin: retentionModule, needs: [] },
    { plugin: privacyModule, needs: ['citizens'] },
    { plugin: deviceStockModule, needs: ['devices', 'simcards', 'wifis', 'organizations', 'customers', 'accessories'] },
  ];
  for (const { plugin, needs } of FEATURE_MODULES) {
    if (needs.every((name) => engine.models.has(name))) await time(plugin.name, async () => { await app.register(plugin, context); });
  }
  await app.register(userOverviewRoutes, { db });
  await app.register(securityLogRoutes, { db });
  await app.register(setupRoutes, { config, db, demoPassword: DEMO_PASSWORD });
  await app.register(probeRoutes, { db });
  await app.register(metricsRoute, { config });
  await app.register(webRoutes, { config, db });
  await time('ready hooks', async () => { await app.ready(); });
  phases.report(app.log);
  if (engine.changes.length) app.log.info({ changes: engine.changes }, 'schema tables updated');

  return {
    app,
    database,
    provider,
    config,
    engine,
    firstAdmin,
    demoDisabled,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
