import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';

/** Inputs of the web build: when any is newer than the last build, the app is built again. */
const INPUTS = ['src', 'common', 'index.html', 'vite.config.ts', 'package.json', 'public'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale(distDir: string): boolean {
  const stamp = path.join(distDir, 'index.html');
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(PROJECT_ROOT, input)) > built);
}

/** Builds the web app with Vite when dist/ is missing or older than its sources. */
export function buildWebIfNeeded(distDir: string, log: (msg: string) => void): void {
  if (!webBuildIsStale(distDir)) return;
  log('Building the web app (first start or sources changed)…');
  const started = Date.now();
  const vite = path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    // Vite builds for whatever NODE_ENV says, and the test runner sets 'test': the product's build
    // is the production one, wherever it is started from.
    env: { ...process.env, NODE_ENV: 'production' },
    // Vite's own lines go through the log, so the start writes one format.
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.status !== 0) throw new Error(`The web app did not build:\n${output}`);
  if (output) log(`Vite: ${output}`);
  log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
