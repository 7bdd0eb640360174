/**
 * Bundle bench: how much gzipped JavaScript the public home page '/' and the react-admin
 * '/dashboard' load, against a bare react-admin app built from the same node_modules in the same
 * run. Prints figures and ratios; not a timed test. Run: npm run bench:bundle
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { entryKey, gzippedJs, packageChunk, readManifest, staticClosure } from './measure';

const ROOT = resolve(import.meta.dirname, '..', '..');
const HOME = 'src/pages/public/Home.tsx';
/** The lazy route element that decides between the admin shell and not-found. */
const CATCH_ALL = 'src/routing/CatchAllRoute.tsx';
const ADMIN = 'src/layout/AdminApp.tsx';
/** Loaded by '/' only when a session is stored (src/components/signInClient.ts). */
const SIGN_IN = 'src/providers/userManager.ts';
const AIM_HOME_KB = 150;
const AIM_DASHBOARD_RATIO = 1.2;

/** kB as Vite reports it (1000 bytes): the stricter reading of the budget. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function buildApp(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false, reportCompressedSize: false },
  });
}

async function buildBare(outDir: string): Promise<void> {
  await build({
    root: join(ROOT, 'bench', 'bundle', 'bare'),
    configFile: false,
    plugins: [react()],
    logLevel: 'warn',
    // A bare react-admin app is one big chunk by design: no size warning for it.
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 10_000 },
  });
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'vigil-bundle-'));
  try {
    const appDir = join(work, 'app');
    const bareDir = join(work, 'bare');
    if (!existsSync(join(ROOT, ADMIN))) {
      console.log(`${ADMIN} does not exist yet: the app cannot be built (src/routing/CatchAllRoute.tsx imports it), so nothing can be measured.`);
      process.exitCode = 1;
      return;
    }
    console.log('Building the app and a bare react-admin app (same node_modules)…');
    await buildApp(appDir);
    await buildBare(bareDir);

    const app = readManifest(appDir);
    const entry = entryKey(app);
    const home = staticClosure(app, [entry, HOME]);
    const homeBytes = gzippedJs(app, appDir, home);
    const dashboardBytes = gzippedJs(app, appDir, staticClosure(app, [entry, ...(app[CATCH_ALL] ? [CATCH_ALL] : []), ADMIN]));

    // A returning visitor with a stored session also loads the sign-in code and oidc-client-ts on '/'.
    const signInChunks = [SIGN_IN, packageChunk(app, 'oidc-client-ts')].filter((k): k is string => k !== undefined && k in app);
    const signedInBytes = gzippedJs(app, appDir, staticClosure(app, signInChunks, new Set(home)));

    const bare = readManifest(bareDir);
    const bareBytes = gzippedJs(bare, bareDir, staticClosure(bare, [entryKey(bare)]));

    const homeOk = homeBytes / 1000 < AIM_HOME_KB;
    const dashboardOk = dashboardBytes / bareBytes <= AIM_DASHBOARD_RATIO;
    const rows: [string, string, string][] = [
      ['/ (entry + Home)', kb(homeBytes), `aim < ${AIM_HOME_KB} kB: ${verdict(homeOk)}`],
      ['/ with a stored session', kb(signedInBytes), '(+ sign-in code and oidc-client-ts)'],
      ['/dashboard (entry + AdminApp)', kb(dashboardBytes), ''],
      ['bare react-admin', kb(bareBytes), ''],
      ['/ vs bare', ratio(homeBytes, bareBytes), ''],
      ['dashboard vs bare', ratio(dashboardBytes, bareBytes), `aim <= ${AIM_DASHBOARD_RATIO}x: ${verdict(dashboardOk)}`],
    ];
    console.log('\nGzipped JavaScript loaded (gzip level 6, 1 kB = 1000 bytes):');
    for (const [name, value, note] of rows) console.log(`  ${name.padEnd(32)} ${value.padStart(9)}  ${note}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
