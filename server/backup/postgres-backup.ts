import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BackupRefused, FORGET_API_NODES, extractPayload, openBackup, refuseNewerTarget, refuseUnknownMigrations, writeBackup, type BackupManifest } from './archive';
import type { RestoreResult } from './pglite-backup';

/**
 * PostgreSQL backups are pg_dump's custom format inside a Vigil backup file (a manifest with the
 * schema version and a checksum). pg_dump reads one snapshot, so the copy is consistent while Vigil
 * runs. The password travels in PGPASSWORD, never on a command line others can read.
 */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        reject(new Error(missing ? `${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client).` : `${command} failed: ${stderr.trim() || err.message}`));
      } else resolve(stdout);
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function migrationsOf(client: pg.Client): Promise<string[]> {
  const found = await client.query<{ found: string | null }>(`select to_regclass('public.kysely_migration')::text as found`);
  if (!found.rows[0]?.found) return [];
  const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by timestamp, name');
  return rows.map((r) => r.name);
}

export async function backupPostgres(url: string, target: string): Promise<BackupManifest> {
  const { dbname, env } = connectionFor(url);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-backup-'));
  try {
    const payload = path.join(scratch, 'vigil.pgdump');
    // The schema version is read in the dump's own snapshot, below, not from a second connection.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${payload}`, `--dbname=${dbname}`], env);
    const migrations = await dumpMigrations(payload);
    return await writeBackup(target, payload, { kind: 'postgres', createdAt: new Date().toISOString(), migrations });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** The migrations recorded in a dump, read from its kysely_migration table data. */
async function dumpMigrations(dumpFile: string): Promise<string[]> {
  const text = await run('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', dumpFile], process.env);
  const start = text.search(/^COPY [^\n]*kysely_migration[^\n]*FROM stdin;$/m);
  if (start < 0) return [];
  const lines = text.slice(text.indexOf('\n', start) + 1).split('\n');
  const names: string[] = [];
  for (const line of lines) {
    if (line === '\\.') break;
    names.push(line.split('\t')[0]!);
  }
  return names;
}

/**
 * Restores a PostgreSQL backup into the database at `url`, in one transaction: a failure leaves
 * the database as it was. Refused first when the file is damaged, its schema is newer than this
 * Vigil, the target's schema is newer than the backup, the target is in use, or it holds a
 * database and `replace` was not given.
 */
export async function restorePostgres(file: string, url: string, opts: { replace: boolean; knownMigrations: readonly string[] }): Promise<RestoreResult> {
  const { manifest, payloadOffset } = await openBackup(file);
  if (manifest.kind !== 'postgres') throw new BackupRefused('This is a backup of the embedded database: restore it with DATA_DIR and without DATABASE_URL.');
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-restore-'));
  try {
    const dump = path.join(scratch, 'vigil.pgdump');
    await extractPayload(file, payloadOffset, dump);
    let migrations: string[];
    try {
      await run('pg_restore', ['--list', dump], process.env);
      migrations = await dumpMigrations(dump);
    } catch (err) {
      throw new BackupRefused(`${file} could not be read as a database dump: ${err instanceof Error ? err.message : String(err)}`);
    }
    refuseUnknownMigrations(migrations, opts.knownMigrations);
    await withClient(url, async (client) => {
      const { rows } = await client.query<{ n: string }>('select count(*)::text as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      if (Number(rows[0]!.n) > 0) throw new BackupRefused(`The target database is in use (${rows[0]!.n} other connections): stop Vigil before restoring into it.`);
      const current = await migrationsOf(client);
      refuseNewerTarget(migrations, current);
      if (current.length && !opts.replace) throw new BackupRefused('The target database already holds Vigil data. Restore into a fresh database, or add --replace to overwrite it.');
    });
    const { dbname, env } = connectionFor(url);
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, dump], env);
    await withClient(url, (client) => client.query(FORGET_API_NODES));
    return { manifest };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
