import { execFile } from 'node:child_process';
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
