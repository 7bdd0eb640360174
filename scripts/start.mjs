#!/usr/bin/env node
// `npm start`: runs the server compiled ahead of time instead of compiling TypeScript at every
// start (tsx did that in the supervisor and again in each worker). The server's sources are
// bundled once with esbuild into node_modules/.cache/vigil/ (packages stay external, loaded from
// node_modules) and bundled again only when a source is newer. node:cluster runs this same file in
// each worker, which finds the bundle up to date and imports it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'vigil');
const bundle = path.join(cacheDir, 'server.mjs');
/** The checkout the bundle was made for (it names this folder; a moved or copied one builds its own). */
const stamp = path.join(cacheDir, 'server.root');
/** What the server is built from: a newer file in any of these means a new bundle. */
const INPUTS = ['server', 'common', 'package-lock.json', 'tsconfig.json'];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale() {
  let built;
  try {
    built = fs.statSync(bundle).mtimeMs;
  } catch {
    return true;
  }
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== root) return true;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

async function build() {
  const { build: esbuild } = await import('esbuild');
  const temporary = `${bundle}.${process.pid}.tmp`;
  await esbuild({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    // server/config.ts finds the project folder from its own; the bundle lives elsewhere.
    define: { 'import.meta.dirname': JSON.stringify(path.join(root, 'server')) },
  });
  // Renamed into place, so a worker starting meanwhile never imports half a file.
  fs.renameSync(temporary, bundle);
  fs.writeFileSync(stamp, root);
}

const cluster = await import('node:cluster');
if (cluster.default.isPrimary && isStale()) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const started = Date.now();
  await build();
  // Said by the server's log (server/main.ts), so the start writes one format.
  process.env.VIGIL_COMPILED_MS = String(Date.now() - started);
}
await import(pathToFileURL(bundle).href);
