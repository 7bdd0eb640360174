import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openBackup } from '../../server/backup';
import { durabilityWarnings } from '../../server/db/durability';
import { openDatabase } from '../../server/db/database';
import { createScratchDatabase, startServer, type TestServer } from '../support/server';
import { npmRun } from '../support/npm-start';

const marker = (i: number) => ({ id: crypto.randomUUID(), name: `Backup.Test.${i}`, value: String(i), provider_name: null, provider_key: null });

async function markersIn(dataDir: string): Promise<number[]> {
  const db = await PGlite.create(dataDir);
  try {
    const { rows } = await db.query<{ value: string }>(`select value from settings where name like 'Backup.Test.%'`);
    return rows.map((r) => Number(r.value)).sort((a, b) => a - b);
  } finally {
    await db.close();
  }
}

/** API nodes a database records (server/http/api-nodes.ts): each running node has one. */
async function apiNodesIn(dataDir: string): Promise<number> {
  const db = await PGlite.create(dataDir);
  try {
    return (await db.query<{ n: number }>('select count(*)::int as n from api_nodes')).rows[0]!.n;
  } finally {
    await db.close();
  }
}

async function flipByte(file: string, fromEnd: number): Promise<void> {
  const handle = await fs.open(file, 'r+');
  const { size } = await handle.stat();
  const byte = Buffer.alloc(1);
  await handle.read(byte, 0, 1, size - fromEnd);
  byte[0] = byte[0]! ^ 0xff;
  await handle.write(byte, 0, 1, size - fromEnd);
  await handle.close();
}

describe('backups of the embedded database', () => {
  let root: string;
  let server: TestServer;
  let dataDir: string;
  let backup: string;
  let acknowledged: number[] = [];

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bk-'));
    dataDir = path.join(root, 'data');
    server = await startServer('', { dataDir, memoryTemplate: '' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('npm run backup writes a consistent backup while Vigil runs and writes', async () => {
    const db = server.database.db;
    let i = 0;
    let writing = true;
    // A writer committing one row after another the whole time the backup runs.
    const writer = (async () => {
      while (writing) {
        const n = i++;
        await db.insertInto('settings').values(marker(n)).execute();
        acknowledged.push(n);
        // Writes arrive as requests do, between other I/O (PGlite alone would never yield to it).
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const before = [...acknowledged];
    backup = path.join(root, 'backups', 'one.vigil-backup');
    const result = await npmRun('backup', [backup], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(result.out).toContain('through the running server');
    expect(result.code).toBe(0);
    const { manifest } = await openBackup(backup);
    expect(manifest.kind).toBe('pglite');
    expect(manifest.migrations).toContain('026_jobs_escalation');

    const fresh = path.join(root, 'fresh');
    const restored = await npmRun('restore', [backup], { DATA_DIR: fresh });
    expect(restored.out).toContain('Restored the backup');
    expect(restored.code).toBe(0);
    const found = await markersIn(fresh);
    // Every write acknowledged before the backup was asked for is in it, and no row is half there.
    for (const n of before) expect(found).toContain(n);
    expect(found).toEqual([...Array(found.length).keys()]);
    acknowledged = found;
    // The running node is recorded in the source; the restored database has no node running on it.
    expect((await sql<{ n: number }>`select count(*)::int as n from api_nodes`.execute(server.database.db)).rows[0]!.n).toBe(1);
    expect(await apiNodesIn(fresh)).toBe(0);
  }, 120_000);

  it('a restored folder starts Vigil with the data where it was', async () => {
    const fresh = path.join(root, 'fresh');
    const second = await startServer('', { dataDir: fresh, memoryTemplate: '' });
    try {
      const rows = await second.database.db.selectFrom('settings').select('value').where('name', 'like', 'Backup.Test.%').execute();
      expect(rows.length).toBe(acknowledged.length);
      const res = await fetch(`${second.url}/api/abp/application-configuration`);
      expect(res.status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('refuses to restore into the folder of a running Vigil', async () => {
    const result = await npmRun('restore', [backup, '--replace'], { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.out).toContain('Vigil is running on');
    expect((await server.database.db.selectFrom('settings').select('id').limit(1).execute()).length).toBe(1);
  }, 60_000);

  it('refuses a damaged or cut backup before touching the target', async () => {
    const target = path.join(root, 'fresh');
    const before = await markersIn(target);
    const damaged = path.join(root, 'damaged.vigil-backup');
    await fs.copyFile(backup, damaged);
    await flipByte(damaged, 1000);
    let result = await npmRun('restore', [damaged, '--replace'], { DATA_DIR: target });
    expect(result.code).toBe(2);
    expect(result.out).toContain('checksum does not match');
    const cut = path.join(root, 'cut.vigil-backup');
    const whole = await fs.readFile(backup);
    await fs.writeFile(cut, whole.subarray(0, whole.length - 4096));
    result = await npmRun('restore', [cut, '--replace'], { DATA_DIR: target });
    expect(result.code).toBe(2);
    expect(result.out).toContain('is damaged');
    await fs.writeFile(cut, 'not a backup at all');
    result = await npmRun('restore', [cut], { DATA_DIR: path.join(root, 'never') });
    expect(result.out).toContain('is not a Vigil backup');
    expect(await markersIn(target)).toEqual(before);
    expect((await fs.readdir(root)).filter((n) => n.includes('restoring') || n.includes('before-restore'))).toEqual([]);
  }, 60_000);

  it('refuses a backup from a newer Vigil, and an older backup over a newer database', async () => {
    // A database that ran a migration this Vigil does not know, as a newer version would leave it.
    const newer = path.join(root, 'newer');
    const db = await PGlite.create(newer, { loadDataDir: new Blob([await (await import('../../server/backup/archive')).readPayload(backup, (await openBackup(backup)).payloadOffset)]) });
    await db.query(`insert into kysely_migration (name, timestamp) values ('999_from_the_future', now())`);
    const newerBackup = path.join(root, 'newer.vigil-backup');
    const { backupPglite } = await import('../../server/backup/pglite-backup');
    await backupPglite(db, newerBackup);
    await db.close();

    let result = await npmRun('restore', [newerBackup], { DATA_DIR: path.join(root, 'other') });
    expect(result.code).toBe(2);
    expect(result.out).toContain('newer version of Vigil (schema 999_from_the_future)');
    await expect(fs.stat(path.join(root, 'other'))).rejects.toThrow();

    result = await npmRun('restore', [backup, '--replace'], { DATA_DIR: newer });
    expect(result.code).toBe(2);
    expect(result.out).toContain('already has a newer schema than this backup (999_from_the_future)');
    const still = await PGlite.create(newer);
    expect((await still.query(`select 1 from kysely_migration where name = '999_from_the_future'`)).rows.length).toBe(1);
    await still.close();
  }, 120_000);

  it('keeps a database it would replace: refused without --replace, moved aside with it', async () => {
    const target = path.join(root, 'fresh');
    let result = await npmRun('restore', [backup], { DATA_DIR: target });
    expect(result.code).toBe(2);
    expect(result.out).toContain('already holds a database');
    result = await npmRun('restore', [backup, '--replace'], { DATA_DIR: target });
    expect(result.code).toBe(0);
    const kept = (await fs.readdir(root)).filter((n) => n.startsWith('fresh.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(await markersIn(path.join(root, kept[0]!))).toEqual(acknowledged);
    expect(await markersIn(target)).toEqual(acknowledged);
  }, 120_000);

  it('backs up a stopped Vigil by opening its folder', async () => {
    const stopped = path.join(root, 'fresh');
    const file = path.join(root, 'stopped.vigil-backup');
    const result = await npmRun('backup', [file], { DATA_DIR: stopped });
    expect(result.code).toBe(0);
    expect(result.out).toContain('through the data folder');
    expect((await openBackup(file)).manifest.kind).toBe('pglite');
    const none = await npmRun('backup', [file], { DATA_DIR: path.join(root, 'nothing-here') });
    expect(none.code).toBe(1);
    expect(none.out).toContain('There is no database in');
  }, 60_000);
});

describe('scheduled backups', () => {
  it('writes one per slot into BACKUP_DIR and keeps only BACKUP_KEEP', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bks-'));
    const dataDir = path.join(dir, 'data');
    const backups = path.join(dir, 'backups');
    const server = await startServer('', { dataDir, memoryTemplate: '', backup: { dir: backups, keep: 2, everyMs: 1500 } });
    try {
      const done = async () =>
        Number((await server.database.db.selectFrom('jobs').select((eb) => eb.fn.countAll<string>().as('n')).where('kind', '=', 'backup.scheduled').where('status', '=', 'done').executeTakeFirstOrThrow()).n);
      const until = Date.now() + 60_000;
      while ((await done()) < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
      expect(await done()).toBeGreaterThanOrEqual(3);
      const files = (await fs.readdir(backups)).filter((n) => n.endsWith('.vigil-backup'));
      expect(files).toHaveLength(2);
      for (const name of files) expect((await openBackup(path.join(backups, name))).manifest.kind).toBe('pglite');
      // One job per slot, however often the next one was enqueued.
      const pending = await server.database.db.selectFrom('jobs').select('unique_key').where('kind', '=', 'backup.scheduled').where('status', '=', 'pending').execute();
      expect(pending.length).toBeLessThanOrEqual(1);
    } finally {
      await server.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('backups of a PostgreSQL database', () => {
  const url = process.env.TEST_DATABASE_URL!;
  let server: TestServer;
  let root: string;
  let backup: string;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bkpg-'));
    server = await startServer(url);
    await server.database.db.insertInto('settings').values([marker(1), marker(2)]).execute();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('npm run backup and npm run restore round-trip through pg_dump while Vigil runs', async () => {
    backup = path.join(root, 'pg.vigil-backup');
    const result = await npmRun('backup', [backup], { DATABASE_URL: server.config.databaseUrl });
    expect(result.out).toContain('through the pg_dump');
    expect(result.code).toBe(0);
    expect((await openBackup(backup)).manifest.migrations).toContain('026_jobs_escalation');
    const fresh = await createScratchDatabase(url);
    try {
      const restored = await npmRun('restore', [backup], { DATABASE_URL: fresh.url });
      expect(restored.out).toContain('Restored the backup');
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const { rows } = await client.query<{ value: string }>(`select value from settings where name like 'Backup.Test.%' order by value`);
      // The running node is recorded in the source; the restored database has no node running on it.
      const nodes = await client.query<{ n: number }>('select count(*)::int as n from api_nodes');
      await client.end();
      expect(rows.map((r) => r.value)).toEqual(['1', '2']);
      expect((await sql<{ n: number }>`select count(*)::int as n from api_nodes`.execute(server.database.db)).rows[0]!.n).toBe(1);
      expect(nodes.rows[0]!.n).toBe(0);
      const second = await startServer('', { databaseUrl: fresh.url, dataDir: 'memory://', memoryTemplate: '' });
      expect((await fetch(`${second.url}/api/abp/application-configuration`)).status).toBe(200);
      await second.app.close();
      await second.database.close();
    } finally {
      await fresh.drop();
    }
  }, 180_000);

  it('refuses a damaged backup, a database in use, and a newer target, changing nothing', async () => {
    const fresh = await createScratchDatabase(url);
    try {
      const damaged = path.join(root, 'damaged.vigil-backup');
      await fs.copyFile(backup, damaged);
      await flipByte(damaged, 200);
      let result = await npmRun('restore', [damaged], { DATABASE_URL: fresh.url });
      expect(result.code).toBe(2);
      expect(result.out).toContain('checksum does not match');

      result = await npmRun('restore', [backup, '--replace'], { DATABASE_URL: server.config.databaseUrl });
      expect(result.code).toBe(2);
      expect(result.out).toContain('is in use');

      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      await client.query(`create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`);
      await client.query(`insert into kysely_migration values ('999_from_the_future', now()::text)`);
      await client.end();
      result = await npmRun('restore', [backup, '--replace'], { DATABASE_URL: fresh.url });
      expect(result.code).toBe(2);
      expect(result.out).toContain('newer schema than this backup');
      const check = new pg.Client({ connectionString: fresh.url });
      await check.connect();
      expect((await check.query(`select to_regclass('public.settings') as t`)).rows[0].t).toBeNull();
      await check.end();
    } finally {
      await fresh.drop();
    }
  }, 120_000);

  it('warns at start when the server could lose acknowledged writes', async () => {
    const scratch = await createScratchDatabase(url);
    const name = new URL(scratch.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const safe = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
      expect(await durabilityWarnings(safe.db)).toEqual([]);
      await safe.close();
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      const unsafe = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
      const warnings = await durabilityWarnings(unsafe.db);
      await sql`select 1`.execute(unsafe.db);
      await unsafe.close();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('synchronous_commit = off');
    } finally {
      await admin.end();
      await scratch.drop();
    }
  }, 60_000);
});

it('reads its settings from the environment', () => {
  const config = loadConfig({ BACKUP_DIR: '/srv/vigil-backups', BACKUP_KEEP: '3', BACKUP_EVERY_HOURS: '6' });
  expect(config.backup).toEqual({ dir: '/srv/vigil-backups', keep: 3, everyMs: 6 * 3_600_000 });
  expect(loadConfig({}).backup.dir).toBe('');
});
