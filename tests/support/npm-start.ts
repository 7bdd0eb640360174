import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './server';
import fs from 'node:fs';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * What `npm start` runs, read from package.json, as [command, args] for spawn: the tests start
 * the product the way an operator does, minus npm's own wrapper process (so signals reach the
 * supervisor directly). `node` is this test's Node, which npm put first on PATH as well.
 */
export function npmStartCommand(): [string, string[]] {
  const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node`);
  return [process.execPath, args];
}

/**
 * Runs `npm run <name> -- ...args` as the operator would: the package.json script (tsx), in a child
 * process; `input` is piped to its standard input (closed at once without it).
 */
export async function npmRun(name: 'backup' | 'restore' | 'admin', args: string[], env: Record<string, string>, input = ''): Promise<{ code: number; out: string }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, script] = pkg.scripts[name]!.split(/\s+/);
  if (command !== 'tsx') throw new Error(`npm run ${name} runs ${command}, not tsx`);
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', script!, ...args], { cwd: PROJECT_ROOT, timeout: 90_000, env: { ...process.env, LOG_LEVEL: 'silent', ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
    child.stdin?.end(input);
  });
}

export interface RunningProduct {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, as an operator's service manager stops it; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * `npm start` as a real process (its own process group), on a free port, the given settings over
 * the harness's (loopback, no web build, no watch ports), ready once GET /health answers 200.
 */
export async function startProduct(env: Record<string, string>, readyMs = 180_000): Promise<RunningProduct> {
  const port = Number(env.PORT ?? (await freePort()));
  const url = `http://127.0.0.1:${port}`;
  const base = { ...process.env };
  for (const name of ['HOST', 'DEMO', 'SEED_DEMO', 'ADMIN_PASSWORD', 'TRUST_PROXY', 'DATABASE_URL', 'DATA_DIR', 'API_WORKERS', 'WORKERS', 'LOG_FORMAT', 'METRICS_PORT', 'METRICS_TOKEN']) delete base[name];
  const child = spawn(...npmStartCommand(), {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...base, PORT: String(port), HOST: '127.0.0.1', INGEST_PORT: '-1', WATCH_PORT: '-1', EVIEW_PORT: '-1', PUBLIC_URL: url, BUILD_WEB: 'false', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + readyMs;
  for (;;) {
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop().catch(() => undefined);
      throw new Error(`npm start did not get ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, output: () => output, stop };
}
