import Fastify, { type FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db/database';
import { installErrorHandler } from './http/errors';
import { installRequestContext } from './http/request-context';
import { installAuthentication } from './http/authentication';
import { installPolicyGuard } from './permissions/guard';
import { installTenantResolution } from './tenancy/resolve-tenant';
import { translate } from './localization/texts';
import { localeRoutes } from './localization/locale-routes';
import { registerIssuer } from './oidc';
import { API_AUDIENCE, issuerUrl } from './oidc/provider';
import { loadIssuerSecrets, publicJwks } from './oidc/secrets';
import { applicationConfigurationRoutes } from './abp/application-configuration';
import { userOverviewRoutes } from './identity/user-overview-routes';
import { securityLogRoutes } from './identity/security-log-routes';
import { bootstrapStaticRoles } from './seed/static-roles';
import { seedDemo } from './seed/demo';
import { ensureFirstAdmin } from './seed/first-admin';
import { webRoutes } from './web/web-routes';

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  provider: Provider;
  config: Config;
  /** Whether a host administrator exists, was just created from ADMIN_PASSWORD, or is missing. */
  firstAdmin: 'exists' | 'created' | 'missing';
  close(): Promise<void>;
}

/**
 * Builds the whole server on one Fastify instance: database (migrated), issuer, API and web app.
 * Used by `npm start` and by the API tests alike.
 */
export async function createServer(config: Config): Promise<Server> {
  const database = await openDatabase(config);
  const { db } = database;
  await migrate(db);
  await bootstrapStaticRoles(db);
  if (config.seedDemo) await seedDemo(db);
  const firstAdmin = await ensureFirstAdmin(db, config.firstAdmin);

  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Validation messages are produced by our own error handler in the caller's language.
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array' } },
  });

  installRequestContext(app);
  installErrorHandler(app, translate);
  const secrets = await loadIssuerSecrets(db);
  installAuthentication(app, { issuer: issuerUrl(config), audience: API_AUDIENCE, jwks: publicJwks(secrets.jwks) });
  installPolicyGuard(app, db);
  installTenantResolution(app, db);

  // Every response says it is ABP-formatted where it is an error; the header is exposed to CORS.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-expose-headers', '_AbpErrorFormat');
  });

  const provider = await registerIssuer(app, config, db, secrets);
  await app.register(localeRoutes);
  await app.register(applicationConfigurationRoutes, { db });
  await app.register(userOverviewRoutes, { db });
  await app.register(securityLogRoutes, { db });
  await app.register(webRoutes, { config, db });
  await app.ready();

  return {
    app,
    database,
    provider,
    config,
    firstAdmin,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
