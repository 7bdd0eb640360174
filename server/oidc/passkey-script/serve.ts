import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PROJECT_ROOT } from '../../config';

/** Where the sign-in page's passkey script is served (same origin: the page's CSP allows 'self'). */
export const PASSKEY_SCRIPT_PATH = '/signin-scripts/passkey-sign-in.js';

const SOURCE = path.join(PROJECT_ROOT, 'server', 'oidc', 'passkey-script', 'passkey-sign-in.browser.ts');

let bundled: Promise<string> | undefined;

/**
 * The script with @simplewebauthn/browser bundled in, one classic script (esbuild, once per
 * process, on first request): the project builds the server with esbuild already.
 */
function bundle(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [SOURCE],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  })().catch((err: unknown) => {
    bundled = undefined;
    throw err;
  });
  return bundled;
}

/** GET the passkey script of the sign-in page. */
export async function passkeyScriptRoute(app: FastifyInstance): Promise<void> {
  app.get(PASSKEY_SCRIPT_PATH, { schema: { hide: true, response: { 200: { type: 'string' } } } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(await bundle()),
  );
}
