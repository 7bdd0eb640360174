import { inject } from 'vitest';
import { createServer } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { buildWebIfNeeded } from '../../server/web/build-web';
import { freePort, type TestServer } from './server';

/**
 * The real server with the built web app, its public URL on http://localhost:<port> rather than
 * 127.0.0.1: browsers accept no IP address as a passkey's relying party, and localhost counts as
 * a secure origin, so WebAuthn works over plain http there.
 */
export async function startLocalhostWebServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const { distDir } = loadConfig();
  buildWebIfNeeded(distDir, (msg) => console.log(msg));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let memoryTemplate = '';
  try {
    memoryTemplate = inject('pgliteTemplate') ?? '';
  } catch {
    memoryTemplate = '';
  }
  const config = loadConfig(
    {},
    {
      port,
      host: '127.0.0.1',
      publicUrl: url,
      databaseUrl: '',
      dataDir: 'memory://',
      memoryTemplate,
      seedDemo: true,
      buildWeb: false,
      distDir,
      ingestPort: -1, watchPort: -1, eviewPort: -1,
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...overrides,
    },
  );
  const server = await createServer(config);
  await server.app.listen({ port, host: '127.0.0.1' });
  return { ...server, url, stop: () => server.close() };
}
