import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { npmRun } from '../support/npm-start';
import { startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * Issue 18 as an operator tries it on the embedded database: a 30-day retention, a backup while
 * Vigil runs, a carer erased, the backup restored into a fresh folder, and everything where it
 * should be in both: the live one without the carer, the restored one as it was at the backup.
 */
describe('retention, backup, erasure and restore, as an operator does them', () => {
  let root: string;
  let server: TestServer;
  let staff: string;
  const call = caller(() => server);

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-trial-'));
    server = await startServer('', { dataDir: path.join(root, 'data'), memoryTemplate: '' });
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('finds everything where it should be', async () => {
    const db = server.database.db;
    // 1. The tenant keeps 30 days; its history moves into that class.
    const set = await call(staff, 'PUT', '/api/app/retention/history', { historyDays: 30 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await expect.poll(async () => (await call(staff, 'GET', '/api/app/retention/history')).body.pending, { timeout: 30_000 }).toBe(false);
    const carer = await db.selectFrom('users').select(['id', 'tenant_id']).where('user_name', '=', 'caregiver').executeTakeFirstOrThrow();
    const theirDevices = db.selectFrom('devices').select('id').where('owner_user_id', '=', carer.id);
    const positionsOf = async (d: typeof db) => Number((await d.selectFrom('positions').select((eb) => eb.fn.countAll<string>().as('n')).where('device_id', 'in', theirDevices).executeTakeFirstOrThrow()).n);
    const positions = await positionsOf(db);
    expect(positions).toBeGreaterThan(0);
    const classes = await db.selectFrom('positions').select('keep_days').distinct().where('tenant_id', '=', carer.tenant_id!).execute();
    expect(classes.map((c) => c.keep_days)).toEqual([30]);

    // 2. A backup while Vigil runs.
    const file = path.join(root, 'backups', 'trial.vigil-backup');
    const backup = await npmRun('backup', [file], { DATA_DIR: path.join(root, 'data') });
    expect(backup.code, backup.out).toBe(0);

    // 3. The carer is erased (subscriptions paused first, as the erasure asks).
    await db.updateTable('billing_subscriptions').set({ status: 'paused' }).where('user_id', '=', carer.id).where('status', '=', 'active').execute();
    const preview = await call(staff, 'GET', `/api/app/privacy/erasures/preview?subjectType=user&subjectId=${carer.id}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const erased = await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'user', subjectId: carer.id, confirmation: preview.body.confirmation });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await positionsOf(db)).toBe(0);
    expect((await db.selectFrom('users').select('user_name').where('id', '=', carer.id).executeTakeFirstOrThrow()).user_name).not.toBe('caregiver');
    await expect(tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).rejects.toThrow();

    // 4. The backup restored into a fresh folder starts Vigil as it was at the backup.
    const fresh = path.join(root, 'fresh');
    const restore = await npmRun('restore', [file], { DATA_DIR: fresh });
    expect(restore.code, restore.out).toBe(0);
    const second = await startServer('', { dataDir: fresh, memoryTemplate: '' });
    try {
      const rdb = second.database.db;
      expect(await positionsOf(rdb)).toBe(positions);
      expect((await rdb.selectFrom('tenant_retention').select('history_days').where('tenant_id', '=', carer.tenant_id!).executeTakeFirstOrThrow()).history_days).toBe(30);
      const ranges = await sql<{ n: string }>`select count(*) as n from pg_class where relname like 'positions_k30_d%'`.execute(rdb);
      expect(Number(ranges.rows[0]!.n)).toBeGreaterThan(0);
      expect((await tokensFor(second.url, 'caregiver', DEMO_PASSWORD)).access_token).toBeTruthy();
      const restoredStaff = (await tokensFor(second.url, 'staff', DEMO_PASSWORD)).access_token;
      const shown = await fetch(`${second.url}/api/app/retention/history`, { headers: { authorization: `Bearer ${restoredStaff}` } });
      expect(((await shown.json()) as { historyDays: number }).historyDays).toBe(30);
    } finally {
      await second.stop();
    }
    // The live one still has the carer erased.
    expect(await positionsOf(db)).toBe(0);
  }, 240_000);
});
