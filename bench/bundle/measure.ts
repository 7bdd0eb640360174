import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';

/** Level 6 is zlib's default and what @fastify/compress sends; -9 would flatter the figures a little. */
export function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 6 }).length;
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('The Vite manifest has no entry chunk');
  return key;
}

/**
 * The chunks a browser fetches when it runs `keys`: each chunk and, transitively, its static
 * `imports`. Dynamic imports are not followed: a route adds the lazy chunks it really loads.
 */
export function staticClosure(manifest: Manifest, keys: readonly string[], into = new Set<string>()): Set<string> {
  const visit = (key: string) => {
    if (into.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    into.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return into;
}

/** Total gzipped bytes of the JavaScript files of `chunks`. */
export function gzippedJs(manifest: Manifest, outDir: string, chunks: Iterable<string>): number {
  let total = 0;
  for (const key of chunks) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) total += gzippedSize(join(outDir, file));
  }
  return total;
}

/** The manifest key of a dynamically imported bare module (e.g. 'oidc-client-ts'), if any chunk holds it. */
export function packageChunk(manifest: Manifest, packageName: string): string | undefined {
  return Object.keys(manifest).find((k) => manifest[k]?.src?.includes(`node_modules/${packageName}/`));
}
