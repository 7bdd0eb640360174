import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * A Vigil backup is one file: a first line naming the format, a second line with the manifest (JSON),
 * then the payload (a PGlite data-folder tar.gz, or a pg_dump custom-format archive). The manifest
 * carries the payload's size and SHA-256, so a truncated or altered file is refused before a
 * restore touches anything.
 */
export const MAGIC = 'VIGIL-BACKUP 1';

export interface BackupManifest {
  kind: 'pglite' | 'postgres';
  createdAt: string;
  /** The migrations the backed-up database had run, in order (its schema version). */
  migrations: string[];
  payloadBytes: number;
  sha256: string;
}

export class BackupRefused extends Error {}

/**
 * Run on a restored database: the API nodes the backup recorded ran on the source database, not
 * on this one (a restore is refused while anything uses its target), and a node started on it
 * with another PUBLIC_URL would warn of a mismatched issuer that is not there. Backups made before
 * migration 017 have no such table.
 */
export const FORGET_API_NODES = `do $$ begin if to_regclass('api_nodes') is not null then delete from api_nodes; end if; end $$`;

async function hashOf(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Writes `payloadFile` as a backup at `target`: to a neighbouring `.partial` file first, renamed
 * when complete, so a backup cut short never carries the final name.
 */
export async function writeBackup(target: string, payloadFile: string, manifest: Omit<BackupManifest, 'payloadBytes' | 'sha256'>): Promise<BackupManifest> {
  const { sha256, bytes } = await hashOf(payloadFile);
  const full: BackupManifest = { ...manifest, payloadBytes: bytes, sha256 };
  await fs.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  out.write(`${MAGIC}\n${JSON.stringify(full)}\n`);
  await pipeline(createReadStream(payloadFile), out);
  const handle = await fs.open(partial, 'r+');
  await handle.sync();
  await handle.close();
  await fs.rename(partial, target);
  return full;
}

/** Reads and checks a backup: its manifest, and where its payload starts in the file. */
export async function openBackup(file: string): Promise<{ manifest: BackupManifest; payloadOffset: number }> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    throw new BackupRefused(`No backup at ${file}.`);
  }
  const handle = await fs.open(file, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(Math.min(stat.size, 64 * 1024));
    await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.toString('utf8');
  } finally {
    await handle.close();
  }
  const firstEnd = head.indexOf('\n');
  const secondEnd = head.indexOf('\n', firstEnd + 1);
  if (firstEnd < 0 || head.slice(0, firstEnd) !== MAGIC || secondEnd < 0) throw new BackupRefused(`${file} is not a Vigil backup.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(head.slice(firstEnd + 1, secondEnd)) as BackupManifest;
  } catch {
    throw new BackupRefused(`${file} is damaged: its manifest cannot be read.`);
  }
  if ((manifest.kind !== 'pglite' && manifest.kind !== 'postgres') || !Array.isArray(manifest.migrations) || typeof manifest.sha256 !== 'string') {
    throw new BackupRefused(`${file} is damaged: its manifest is incomplete.`);
  }
  const payloadOffset = Buffer.byteLength(head.slice(0, secondEnd + 1), 'utf8');
  if (stat.size - payloadOffset !== manifest.payloadBytes) {
    throw new BackupRefused(`${file} is damaged: ${stat.size - payloadOffset} bytes of data where ${manifest.payloadBytes} were written.`);
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { start: payloadOffset }) as AsyncIterable<Buffer>) hash.update(chunk);
  if (hash.digest('hex') !== manifest.sha256) throw new BackupRefused(`${file} is damaged: its checksum does not match.`);
  return { manifest, payloadOffset };
}

/** Copies a checked backup's payload to a file of its own (pg_restore reads a file). */
export async function extractPayload(file: string, payloadOffset: number, target: string): Promise<void> {
  await pipeline(createReadStream(file, { start: payloadOffset }), createWriteStream(target, { mode: 0o600 }));
}

/** The payload in memory (a PGlite data folder, loaded whole by PGlite anyway). */
export async function readPayload(file: string, payloadOffset: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file, { start: payloadOffset }) as AsyncIterable<Buffer>) chunks.push(chunk);
  const payload = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    payload.set(chunk, at);
    at += chunk.length;
  }
  return payload;
}

/** Refuses a backup made by a newer Vigil: this version could not run its schema. */
export function refuseUnknownMigrations(backup: readonly string[], known: readonly string[]): void {
  const unknown = backup.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new BackupRefused(`This backup was made by a newer version of Vigil (schema ${unknown.join(', ')}); upgrade Vigil before restoring it.`);
  }
}

/** Refuses to put an older schema over a database that has moved on: restore into a fresh folder or database instead. */
export function refuseNewerTarget(backup: readonly string[], target: readonly string[]): void {
  const newer = target.filter((name) => !backup.includes(name));
  if (newer.length) {
    throw new BackupRefused(`The target already has a newer schema than this backup (${newer.join(', ')}). Restore into a fresh folder or database; Vigil brings an older backup up to date when it starts on it.`);
  }
}
