import { loadConfig } from '../../server/config';
import { buildWebIfNeeded } from '../../server/web/build-web';
import type { Config } from '../../server/config';
import { startServer, type TestServer } from './server';

/** The real server with the built web app (built first when missing or stale). */
export async function startWebServer(databaseUrl = '', overrides: Partial<Config> = {}): Promise<TestServer> {
  const { distDir } = loadConfig();
  buildWebIfNeeded(distDir, (msg) => console.log(msg));
  return startServer(databaseUrl, { distDir, ...overrides });
}
