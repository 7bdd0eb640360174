import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';

/**
 * A temporary schemas folder: the product's schema files plus the given new ones, to prove that a
 * resource needs nothing but its file.
 */
export function schemaFolderWith(...files: string[]): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-schemas-'));
  const source = loadConfig().schemasDir;
  for (const f of fs.readdirSync(source).filter((n) => n.endsWith('.json'))) fs.copyFileSync(path.join(source, f), path.join(dir, f));
  for (const file of files) fs.copyFileSync(file, path.join(dir, path.basename(file).replace('.schema', '')));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
