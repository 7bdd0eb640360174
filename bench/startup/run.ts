/**
 * Start-up bench: wall clock from the `npm start` command to the first 200 from /health, on a
 * fresh data folder and then again on the same folder, against the floor of a bare `node -e` and
 * `npm run` of nothing (what npm itself costs). Also prints what the server says of its own start.
 * Not a timed test. Run: npm run bench:startup (BENCH_ROUNDS, default 2). The aims:
 * under 10 s on a fresh data folder, under 5 s on an existing one, printed beside the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const AIM_FRESH_MS = 10_000;
const AIM_EXISTING_MS = 5_000;
const root = path.resolve(import.meta.dirname, '..', '..');

function timeCommand(cmd: string, args: string[]): number {
  const started = performance.now();
  spawnSync(cmd, args, { cwd: root, stdio: 'ignore' });
  return performance.now() - started;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(500) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Starts `npm start` on a data folder, waits for /health, stops it; returns the wall clock and the server's own figure. */
async function startOnce(dataDir: string, port: number): Promise<{ wall: number; reported: string }> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), INGEST_PORT: '0', WATCH_PORT: '0', EVIEW_PORT: '0', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  while (!(await healthy(`http://127.0.0.1:${port}/health`))) {
    if (child.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
    if (performance.now() - started > 120_000) throw new Error(`not ready in 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = performance.now() - started;
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  // The next start must not be answered by this one's last worker still closing.
  while (await healthy(`http://127.0.0.1:${port}/health`)) await new Promise((r) => setTimeout(r, 50));
  const reported = /is ready at \S+\s+\(([\d.]+ s)\)/.exec(output)?.[1] ?? "?";
  return { wall, reported };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const floorNode = timeCommand(process.execPath, ['-e', '0']);
const floorNpm = timeCommand('npm', ['run', '--silent', 'env', '--', 'true']);
console.log(`node ${process.version}; floor: bare node ${s(floorNode)}, npm run ${s(floorNpm)}`);
for (let round = 1; round <= ROUNDS; round++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-startup-'));
  const fresh = await startOnce(dataDir, 18_000 + 2 * round);
  const again = await startOnce(dataDir, 18_001 + 2 * round);
  const aim = (ms: number, limit: number) => `aim under ${s(limit)}: ${ms < limit ? 'met' : 'missed'}`;
  console.log(
    `round ${round}: fresh folder ${s(fresh.wall)} (server says ${fresh.reported}; ${aim(fresh.wall, AIM_FRESH_MS)}), ` +
      `existing folder ${s(again.wall)} (server says ${again.reported}; ${aim(again.wall, AIM_EXISTING_MS)}); ` +
      `fresh/npm floor ${(fresh.wall / floorNpm).toFixed(1)}x, existing/npm floor ${(again.wall / floorNpm).toFixed(1)}x`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
}
