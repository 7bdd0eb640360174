import type { Config } from './config';
import type { Db } from './db/database';
import type { SchemaEngine } from './schema-engine';
import type { TokenLiveness } from './oidc/token-liveness';

/**
 * What every feature module (one Fastify plugin per folder under server/) is given: the database,
 * the configuration, the schema engine (to find a resource's table or hook its writes).
 * Background work a module starts is stopped in its own `onClose` hook.
 */
export interface ModuleContext {
  db: Db;
  config: Config;
  engine: SchemaEngine;
  /** Whether an access token's sign-in is still on (live streams close when it ends). */
  liveness: TokenLiveness;
}
