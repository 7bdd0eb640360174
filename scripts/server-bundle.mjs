// The server compiled ahead of time: its TypeScript sources bundled with esbuild into one file,
// build/server.mjs (packages stay external, loaded from node_modules). `npm run build` writes it;
// `npm start` writes it only when it is missing or older than its sources (scripts/start.mjs).
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

export async function bundleServer() {
  const { build: esbuild } = await import('esbuild');
  fs.mkdirSync(buildDir, { recursive: true });
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
    // server/config.ts finds the project folder from its own folder (server/): the bundle, in
    // build/, gives it build/../server, worked out where the bundle lies when it runs, so an
    // install built in one folder and moved to another reads its own schemas and web app.
    define: { 'import.meta.dirname': '__vigilServerDir' },
    banner: { js: "const __vigilServerDir = (await import('node:path')).join(import.meta.dirname, '..', 'server');" },
  });
  // Renamed into place, so a worker starting meanwhile never imports half a file.
  fs.renameSync(temporary, bundle);
  fs.writeFileSync(stamp, root);
}
