import { createHash } from 'node:crypto';

/**
 * Deterministic values for the demo: the same names give the same ids on every fresh database,
 * so a demo row can be named in a test, a bug report or a link and found again after a reseed.
 */

/** A name-based UUID (version 5 layout: SHA-1 of the namespace and the parts). */
export function demoId(...parts: string[]): string {
  const hash = createHash('sha1').update(['vigil-demo', ...parts].join('\u0000')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The first concurrency stamp of a seeded row (the product writes a fresh UUID on every change). */
export const demoStamp = (id: string): string => demoId('concurrency-stamp', id);

/** A seeded pseudo-random number generator (mulberry32): the same name, the same sequence. */
export function seededRandom(name: string): () => number {
  let state = createHash('sha1').update(name).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A date `days` before `now` as the ISO date schema date fields hold (yyyy-mm-dd, UTC). */
export const isoDate = (now: Date, days = 0): string => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** The audit columns every schema resource row has, as the engine's create writes them. */
export function resourceRow(id: string, tenantId: string | null, creatorId: string | null, creationTime: Date) {
  return { id, tenant_id: tenantId, creator_id: creatorId, creation_time: creationTime, concurrency_stamp: demoStamp(id) };
}
