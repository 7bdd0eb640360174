// The server compiled ahead of time: its TypeScript sources bundled with esbuild into
// build/server.mjs, the supervisor, and build/chunks/, the worker's server it imports (packages
// stay external, loaded from node_modules). `npm run build` writes it;
// `npm start` writes it only when it is missing or older than its sources (scripts/start.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const buildDir = path.join(root, 'build');
export const bundle = path.join(buildDir, 'server.mjs');
/**
 * The folder the bundle was made in. A moved or copied install that may write builds its own; a
 * read-only one starts the bundle it has, which finds its folder from where it lies.
 */
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

/**
 * Whether the bundle is there and made from these sources in this folder: 'missing', 'older' (a
 * source is newer), 'moved' (made in another folder, from sources no newer) or 'current'.
 */
export function bundleState() {
  let built;
  try {
    built = fs.statSync(bundle).mtimeMs;
  } catch {
    return 'missing';
  }
  if (INPUTS.some((input) => newestMtime(path.join(root, input)) > built)) return 'older';
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== root) return 'moved';
  return 'current';
}

/** Each migration's name and the SHA-256 of its source, as server/db/data-template.ts keys them. */
function migrationHashes() {
  const dir = path.join(root, 'server', 'db', 'migrations');
  const hashes = {};
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts')).sort()) {
    hashes[file.slice(0, -3)] = createHash('sha256').update(fs.readFileSync(path.join(dir, file), 'utf8')).digest('hex');
  }
  return hashes;
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
    // server/config.ts finds the project folder from its own folder (server/): the bundle gives it
    // build/../server (from build/chunks/, build/../../server; the banner is in every file),
    // worked out where the file lies when it runs, so an install built in one folder and moved to
    // another reads its own schemas and web app.
    // The migrations' source hashes, the database template's key (server/db/data-template.ts):
    // the bundle runs the migrations it was built from, so it does not read their sources at start.
    define: { 'import.meta.dirname': '__vigilServerDir', __VIGIL_MIGRATION_HASHES: JSON.stringify(migrationHashes()) },
    banner: {
      js: "const __vigilServerDir = (({ basename, join }) => join(import.meta.dirname, basename(import.meta.dirname) === 'chunks' ? '../..' : '..', 'server'))(await import('node:path'));",
    },
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
