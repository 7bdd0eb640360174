#!/usr/bin/env node
// The one test command (`npm test`): lint, the layers' imports, type check, build the web app, then every vitest
// project (unit, api, e2e). Ends with a plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (label, cmd, args) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
};

const npx = (bin, args) => [process.execPath, [path.join('node_modules', bin), ...args]];
let ok = true;
ok = run('lint', ...npx('eslint/bin/eslint.js', ['.'])) && ok;
// The layers and no import cycles (docs/architecture.md, .dependency-cruiser.mjs).
ok = run('dependencies', ...npx('dependency-cruiser/bin/dependency-cruiser.mjs', ['server', 'common', 'src', '--config', '.dependency-cruiser.mjs'])) && ok;
ok = run('type check', ...npx('typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json'])) && ok;
ok = run('web build', ...npx('vite/bin/vite.js', ['build', '--logLevel', 'warn'])) && ok;

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-')), 'vitest.json');
const testsOk = run('tests', ...npx('vitest/vitest.mjs', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]));
ok = testsOk && ok;

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  skipped = json.numPendingTests + json.numTodoTests;
}
if (!testsOk && failed === 0) failed = 1; // the runner itself failed (a suite that did not load)
if (!ok && failed === 0) failed = 1; // lint, type check or build failed
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && passed > 0 ? 0 : 1);
