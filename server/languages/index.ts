import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { languageRoutes } from './language-routes';
import { languageTextRoutes } from './language-text-routes';
import { startOverrideSync } from '../localization/override-sync';

/**
 * Language management: the languages offered and the texts changed in the back office. Loads the
 * text overrides before the server answers and keeps them current while it runs (override-sync.ts).
 */
export async function languagesModule(app: FastifyInstance, opts: { db: Db }) {
  const sync = await startOverrideSync(opts.db, app.log);
  app.addHook('onClose', async () => sync.stop());
  await app.register(languageRoutes, { db: opts.db });
  await app.register(languageTextRoutes, { db: opts.db, sync });
}
