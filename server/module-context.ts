import type { Config } from './config';
import type { Db } from './db/database';
import type { SchemaEngine } from './schema-engine';
import type { TokenLiveness } from './oidc/token-liveness';
import type { JobQueue } from './jobs';

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
  /** This node's job worker (server/jobs): modules register their job kinds on it; it starts when the server is ready (with config.workers). */
  jobs: JobQueue;
}
