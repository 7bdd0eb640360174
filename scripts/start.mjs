#!/usr/bin/env node
// `npm start`: runs the server compiled ahead of time (scripts/server-bundle.mjs) instead of
// compiling TypeScript at every start. node:cluster runs this same file in each worker, which
// imports the bundle the primary checked.
//
// On a read-only install (`npm run build` beforehand, then BUILD_WEB=false) nothing is written:
// the bundle `npm run build` made is newer than its sources and is imported as it is, and the web
// app is not built (server/web/build-web.ts). The writable places are then DATA_DIR (with its
// control socket beside it) and BACKUP_DIR.
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDir, bundle, bundleServer, bundleState } from './server-bundle.mjs';

// Passwords are hashed with Node's built-in Argon2id (Node 24.7 and later): on an older Node no
// one could sign in, so the start stops here and says why.
if (typeof crypto.argon2 !== 'function') {
  console.error(`Vigil needs Node 24 (crypto.argon2 for passwords), not ${process.version}: start it with npm start, or node_modules/.bin/node.`);
  process.exit(1);
}

/** Whether the bundle's folder (or, before the first build, the install) may be written. */
function writable() {
  try {
    fs.accessSync(fs.existsSync(buildDir) ? buildDir : path.dirname(buildDir), fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

// `.env` in the folder `npm start` runs in, when there is one; a variable set in the environment
// wins over the file. Read here rather than with Node's --env-file-if-exists, which writes a plain
// line of its own when the file is missing, in a log that is otherwise JSON.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

/**
 * A line of the start before the server's logger exists, in its format: a JSON record as pino
 * writes it unless a terminal shows it (LOG_FORMAT as server/logging/logger.ts reads it).
 */
function fatal(msg) {
  const format = (process.env.LOG_FORMAT ?? '').trim().toLowerCase();
  const json = format === 'json' || (format !== 'pretty' && !process.stdout.isTTY);
  process.stdout.write(json ? `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg })}\n` : `${msg}\n`);
}

const state = cluster.isPrimary ? bundleState() : 'current';
if (state !== 'current') {
  // Said by the server's log (server/main.ts), so the start writes one format.
  if (writable()) {
    const started = Date.now();
    await bundleServer();
    process.env.VIGIL_COMPILED_MS = String(Date.now() - started);
  } else if (state === 'older') {
    process.env.VIGIL_START_WARNING = `The install is read-only and ${path.relative(process.cwd(), bundle)} is older than the sources: starting it as built (\`npm run build\` makes a new one).`;
  } else if (state === 'missing') {
    fatal(`The install is read-only and has no ${bundle}: run \`npm run build\` before starting it.`);
    process.exit(1);
  }
  // 'moved' on a read-only install: built in another folder from these sources; the bundle
  // finds its folder from where it lies (scripts/server-bundle.mjs), so it starts as it is.
}
await import(pathToFileURL(bundle).href);
