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
