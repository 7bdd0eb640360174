// The server compiled ahead of time: its TypeScript sources bundled with esbuild into
// build/server.mjs, the supervisor, and build/chunks/, the worker's server it imports (packages
// stay external, loaded from node_modules). `npm run build` writes it;
// `npm start` writes it only when it is missing or older than its sources (scripts/start.mjs).
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const buildDir = path.join(root, 'build');
export const bundle = path.join(buildDir, 'server.mjs');
/** The checkout the bundle was made for (it names this folder; a moved or copied one builds its own). */
const stamp = path.join(buildDir, 'server.root');
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

export function bundleIsStale() {
  let built;
  try {
    built = fs.statSync(bundle).mtimeMs;
  } catch {
    return true;
  }
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== root) return true;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

export async function bundleServer() {
  const { build: esbuild } = await import('esbuild');
  fs.mkdirSync(buildDir, { recursive: true });
  const temporary = path.join(buildDir, `server.${process.pid}.tmp`);
  fs.rmSync(temporary, { recursive: true, force: true });
  await esbuild({
    entryPoints: { server: path.join(root, 'server', 'main.ts') },
    outdir: temporary,
    outExtension: { '.js': '.mjs' },
    // The supervisor (the primary process) imports only what it runs; each worker's server, with
    // its packages, is a chunk of its own the worker imports (server/main.ts). One file had the
    // primary load every package too, most of a second before the first worker was even forked.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
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
  // The chunks first (named by their content, so no file of a bundle in use changes), then the
  // entry renamed into place: a worker starting meanwhile never imports half a bundle.
  const chunks = path.join(buildDir, 'chunks');
  fs.mkdirSync(chunks, { recursive: true });
  const made = new Set(fs.readdirSync(path.join(temporary, 'chunks')));
  for (const name of made) fs.renameSync(path.join(temporary, 'chunks', name), path.join(chunks, name));
  fs.renameSync(path.join(temporary, 'server.mjs'), bundle);
  fs.rmSync(temporary, { recursive: true, force: true });
  for (const name of fs.readdirSync(chunks)) if (!made.has(name)) fs.rmSync(path.join(chunks, name), { force: true });
  fs.writeFileSync(stamp, root);
}
