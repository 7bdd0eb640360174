#!/usr/bin/env node
// `npm run build`: everything `npm start` would otherwise build at start, made beforehand so the
// install can then run read-only with BUILD_WEB=false: the web app (Vite, into DIST_DIR, default
// dist/), the server bundle (build/server.mjs) and the embedded database's template
// (build/data-template.*: a new data folder starts from it, server/db/data-template.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bundleServer, root } from './server-bundle.mjs';

const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const web = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir', ...process.argv.slice(2)], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
if (web.status !== 0) process.exit(web.status ?? 1);
await bundleServer();
console.log(`Server bundled into ${path.relative(root, path.join(root, 'build', 'server.mjs'))}.`);

// The template: made with tsx from the sources, whose migrations' text it is checked against at start.
const template = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'data-template.ts')], { cwd: root, stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);
