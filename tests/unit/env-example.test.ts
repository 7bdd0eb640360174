import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

// .env.example is the operator's list of settings: it must name exactly what server/config.ts
// reads, and a default it writes down must be the one Vigil really uses.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SETTING = /^#\s?([A-Z][A-Z0-9_]*=.*)$/;

/** The example's settings as Node's --env-file reads them once their `#` is removed. */
function exampleSettings(): NodeJS.Dict<string> {
  const lines = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8').split('\n');
  const settings = lines.flatMap((line) => SETTING.exec(line)?.[1] ?? []);
  return parseEnv(settings.join('\n'));
}

/** Every environment variable loadConfig reads. */
function configSettings(): string[] {
  const source = fs.readFileSync(path.join(ROOT, 'server', 'config.ts'), 'utf8');
  return [...new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!))].sort();
}

describe('.env.example', () => {
  it('names every setting server/config.ts reads, and no other', () => {
    expect(Object.keys(exampleSettings()).sort()).toEqual(configSettings());
    expect(configSettings().length).toBeGreaterThan(60);
  });

  it('writes down the defaults Vigil uses', () => {
    const defaults = loadConfig({});
    const written = Object.entries(exampleSettings()).filter(([, value]) => value !== '');
    expect(written.length).toBeGreaterThan(40);
    for (const [name, value] of written) expect(loadConfig({ [name]: value }), `${name}=${value}`).toEqual(defaults);
  });
});
