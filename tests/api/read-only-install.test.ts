import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server';
import { npmStartCommand, PROJECT_ROOT } from '../support/npm-start';

// `npm run build`, then `npm start` with BUILD_WEB=false on an install nothing may write to (as the
// deploy/ examples run it: a read-only root file system, ProtectSystem=strict). The install is a
// copy of the sources with node_modules linked in; the data folder is elsewhere. As root, who may
// write anywhere, the server runs as `nobody` (setpriv), who may not; otherwise the copy is made
// read-only with chmod. Either way, every file of the install is compared before and after. It is
// built in another folder first and moved into place, as an install copied from a build machine.

/** Not part of an install: the tests, docs, benches and whatever a checkout has made. */
const LEFT_OUT = new Set(['.git', 'node_modules', 'dist', 'build', 'data', 'tests', 'docs', 'bench', 'scratch', 'coverage', 'backups', '.env']);
const NOBODY = 65_534;
const START_BUDGET_MS = 150_000;

const scratch: string[] = [];
let server: ChildProcess | undefined;
afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const dir of scratch) {
    spawnSync('chmod', ['-R', 'u+w', dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Every path under `dir` (node_modules, a link into the checkout, not followed) with its mtime. */
function listing(dir: string, into = new Map<string, number>()): Map<string, number> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    into.set(full, fs.lstatSync(full).mtimeMs);
    if (entry.isDirectory()) listing(full, into);
  }
  return into;
}

async function health(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 0;
  }
}

describe('a read-only install built beforehand', () => {
  it('starts with BUILD_WEB=false, serves the web app and writes nothing into the install', async () => {
    // Built in one folder and installed in another (a build machine's workspace, then
    // /opt/vigil): the old folder is gone, and the install must read its own schemas and web app.
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-build-'));
    const install = `${workspace}-installed`;
    const state = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-state-'));
    scratch.push(workspace, install, state);
    for (const name of fs.readdirSync(PROJECT_ROOT)) {
      if (!LEFT_OUT.has(name)) fs.cpSync(path.join(PROJECT_ROOT, name), path.join(workspace, name), { recursive: true });
    }
    fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(workspace, 'node_modules'));

    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { cwd: workspace, encoding: 'utf8', timeout: 120_000 });
    expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
    fs.renameSync(workspace, install);
    // The bundle holds what it needs of the migrations (their source hashes, the template's key):
    // an install shipped without their sources still starts from the template. The folders keep
    // their times, so the bundle is not taken for one older than its sources.
    const migrationsDir = path.join(install, 'server', 'db', 'migrations');
    const dbDir = path.dirname(migrationsDir);
    const dbTimes = fs.statSync(dbDir);
    fs.rmSync(migrationsDir, { recursive: true });
    fs.utimesSync(dbDir, dbTimes.atime, dbTimes.mtime);
    expect(fs.existsSync(path.join(install, 'dist', 'index.html'))).toBe(true);
    expect(fs.existsSync(path.join(install, 'build', 'server.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(install, 'build', 'data-template.json'))).toBe(true);

    const asNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
    fs.chmodSync(install, 0o755);
    if (asNobody) fs.chownSync(state, NOBODY, NOBODY);
    else spawnSync('chmod', ['-R', 'a-w', install]);
    const before = listing(install);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const [node, args] = npmStartCommand();
    const command: [string, string[]] = asNobody ? ['setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', node, ...args]] : [node, args];
    const base = { ...process.env };
    for (const name of ['DATABASE_URL', 'API_WORKERS', 'SEED_DEMO', 'WORKERS', 'DIST_DIR', 'SCHEMAS_DIR', 'BACKUP_DIR']) delete base[name];
    const spawnedAt = Date.now();
    server = spawn(...command, {
      cwd: install,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...base,
        HOME: state,
        BUILD_WEB: 'false',
        DATA_DIR: path.join(state, 'data'),
        PORT: String(port),
        INGEST_PORT: '-1',
        WATCH_PORT: '-1',
        EVIEW_PORT: '-1',
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => server!.once('exit', resolve));

    const started = Date.now();
    while ((await health(url)) !== 200) {
      if (server.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
      if (Date.now() - started > START_BUDGET_MS) throw new Error(`no answer from /health in ${START_BUDGET_MS / 1000} s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    process.kill(-server.pid!, 'SIGTERM');
    await exited;

    expect(output).not.toMatch(/compiled|Building the web app|read-only/);
    const after = listing(install);
    const changed = [...after].filter(([file, mtime]) => before.get(file) !== mtime).map(([file]) => path.relative(install, file));
    const removed = [...before.keys()].filter((file) => !after.has(file)).map((file) => path.relative(install, file));
    expect({ changed, removed }).toEqual({ changed: [], removed: [] });
    expect(fs.existsSync(path.join(state, 'data', 'PG_VERSION'))).toBe(true);
    // The data folder was made from the build's database template: its migrations ran at build time.
    const data = await PGlite.create(path.join(state, 'data'), { extensions: { pg_trgm, btree_gin } });
    const { rows } = await data.query<{ latest: string; n: number }>('select max(timestamp) as latest, count(*)::int as n from kysely_migration');
    await data.close();
    expect(rows[0]!.n).toBeGreaterThan(30);
    expect(Date.parse(rows[0]!.latest)).toBeLessThan(spawnedAt);
  }, START_BUDGET_MS + 150_000);
});
