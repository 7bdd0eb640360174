import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type DatabaseHandle } from '../../server/db/database';
import { claimJobs, completeJob, enqueueJobs, finishJob, JobQueue, kickJobs, LeaseLost, type Job } from '../../server/jobs';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { TcpProxy, throughProxy } from '../support/tcp-proxy';

/** The one job queue (server/jobs): exactly once over racing workers, leases, backoff, unique keys, a cut connection. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kindName = (what: string): TestJobName => `test.${what}.${randomUUID().slice(0, 8)}`;

/** This file's kinds, fresh names per test, in the job catalogue (payloads only number the jobs). */
type TestJobName = `test.${string}`;
declare module '../../server/jobs/catalogue' {
  interface JobPayloads {
    [kind: TestJobName]: { i?: number; x?: number; n?: number };
  }
}

async function waitFor(check: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

const statusOf = async (db: Db, kind: string) =>
  (await db.selectFrom('jobs').select(['status']).where('kind', '=', kind).execute()).reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe.each(DATABASES)('the job queue on $name', ({ url }) => {
  let server: TestServer;
  /** A second connection to the same database: another node's pool on PostgreSQL, the same handle on PGlite. */
  let other: DatabaseHandle | undefined;
  const db = () => server.database.db;
  const otherDb = () => other?.db ?? db();
  const queues: JobQueue[] = [];
  const queue = (on: Db, opts: { pollMs?: number; concurrency?: number } = {}) => {
    const q = new JobQueue(on, { pollMs: 25, ...opts });
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    server = await startServer(url, { workers: false });
    if (url) other = await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: '' });
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await other?.close();
    await server?.stop();
  });

  it('runs each job exactly once with two workers racing for them', async () => {
    const kind = kindName('race');
    const runs = new Map<string, string[]>();
    const handler = (node: string) => ({
      kind,
      maxAttempts: 3,
      backoff: () => 10,
      concurrency: 6,
      async run(job: Job) {
        runs.set(job.id, [...(runs.get(job.id) ?? []), node]);
        await sleep(Math.random() * 15);
      },
    });
    const a = queue(db());
    const b = queue(otherDb());
    a.registerJobKind(handler('a'));
    b.registerJobKind(handler('b'));
    const ids = await enqueueJobs(db(), Array.from({ length: 80 }, (_, i) => ({ kind, payload: { i } })));
    expect(ids).toHaveLength(80);
    a.start();
    b.start();
    await waitFor(async () => (await statusOf(db(), kind)).done === 80);
    expect(runs.size).toBe(80);
    expect([...runs.values()].filter((nodes) => nodes.length !== 1)).toEqual([]);
    const byNode = [...runs.values()].flat();
    expect(byNode.filter((n) => n === 'a').length).toBeGreaterThan(0);
    expect(byNode.filter((n) => n === 'b').length).toBeGreaterThan(0);
    // Each job's attempt is counted once, and its lease is given back.
    const rows = await db().selectFrom('jobs').select(['attempts', 'lease_until', 'finish_time']).where('kind', '=', kind).execute();
    expect(rows.every((r) => r.attempts === 1 && r.lease_until === null && r.finish_time !== null)).toBe(true);
  });

  it('claims a job again once the lease of a node that died with it ends, and refuses the dead claim', async () => {
    const kind = kindName('lease');
    const [id] = await enqueueJobs(db(), [{ kind, payload: { x: 1 } }]);
    // A node claims it and dies: its lease (400 ms) is never given back.
    const [dead] = await claimJobs(db(), [{ kind, slots: 1, leaseMs: 400 }]);
    expect(dead!.id).toBe(id);
    const ran: { at: number; attempts: number }[] = [];
    const q = queue(otherDb());
    q.registerJobKind({ kind, maxAttempts: 5, backoff: () => 10, leaseMs: 400, async run(job) { ran.push({ at: Date.now(), attempts: job.attempts }); } });
    const claimedAt = Date.now();
    // Not before the lease ends...
    expect(await q.drain()).toBe(0);
    q.start();
    await waitFor(async () => (await statusOf(db(), kind)).done === 1);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.at - claimedAt).toBeGreaterThanOrEqual(300);
    expect(ran[0]!.attempts).toBe(2);
    // The dead node coming back cannot end it again, nor commit work under its old claim.
    expect(await finishJob(db(), dead!)).toBe(false);
    await expect(db().transaction().execute((trx) => completeJob(trx, dead!))).rejects.toBeInstanceOf(LeaseLost);
  });

  it('retries a failing job after its kind’s backoff, then fails it for good after the last attempt', async () => {
    const kind = kindName('backoff');
    const [id] = await enqueueJobs(db(), [{ kind }]);
    const failed: string[] = [];
    const q = queue(db());
    q.registerJobKind({
      kind,
      maxAttempts: 3,
      backoff: (attempts) => attempts * 1000,
      async run() {
        throw new Error('refused by the far side');
      },
      async onFailed(_job, error) {
        failed.push(error);
      },
    });
    const row = () => db().selectFrom('jobs').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    const before = Date.now();
    expect(await q.drain()).toBe(1);
    let r = await row();
    expect(r).toMatchObject({ status: 'pending', attempts: 1, last_error: 'refused by the far side', lease_until: null });
    expect(r.run_at.getTime() - before).toBeGreaterThanOrEqual(900);
    expect(r.run_at.getTime() - Date.now()).toBeLessThanOrEqual(1100);
    // Not due yet: nothing runs.
    expect(await q.drain()).toBe(0);
    await db().updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) }).where('id', '=', id!).execute();
    await q.drain();
    r = await row();
    expect(r).toMatchObject({ status: 'pending', attempts: 2 });
    expect(r.run_at.getTime() - Date.now()).toBeGreaterThan(1500);
    await db().updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) }).where('id', '=', id!).execute();
    await q.drain();
    r = await row();
    expect(r).toMatchObject({ status: 'failed', attempts: 3, last_error: 'refused by the far side' });
    expect(r.finish_time).not.toBeNull();
    expect(failed).toEqual(['refused by the far side']);
    await db().updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) }).where('id', '=', id!).execute();
    expect(await q.drain()).toBe(0);
  });

  it('fails a job whose stored payload is no object at once, without its handler, and keeps working', async () => {
    const kind = kindName('malformed');
    const ran: unknown[] = [];
    const failed: string[] = [];
    const q = queue(db());
    q.registerJobKind({ kind, maxAttempts: 5, backoff: () => 10, async run(job) { ran.push(job.payload); }, async onFailed(_job, error) { failed.push(error); } });
    const ids = await enqueueJobs(db(), [{ kind }, { kind }, { kind }, { kind, payload: { n: 1 } }]);
    // Rows written some other way (by hand, by another version): JSON that is not an object.
    for (const [i, stored] of ['null', '[1, 2]', '"text"'].entries()) await sql`update jobs set payload = ${stored}::jsonb where id = ${ids[i]!}::uuid`.execute(db());
    expect(await q.drain()).toBe(4);
    const rows = await db().selectFrom('jobs').select(['id', 'status', 'attempts', 'last_error']).where('kind', '=', kind).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids.slice(0, 3)) expect(byId.get(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'malformed payload' });
    expect(byId.get(ids[3]!)).toMatchObject({ status: 'done', last_error: null });
    expect(ran).toEqual([{ n: 1 }]);
    expect(failed).toEqual([]);
  });

  it('reschedules a job whose handler asks to run later, keeping its attempts', async () => {
    const kind = kindName('later');
    const [id] = await enqueueJobs(db(), [{ kind }]);
    const q = queue(db());
    const at = new Date(Date.now() + 3_600_000);
    q.registerJobKind({ kind, maxAttempts: 2, backoff: () => 10, run: async () => ({ retryAt: at, note: 'card declined' }) });
    await q.drain();
    expect(await db().selectFrom('jobs').select(['status', 'run_at', 'attempts', 'last_error']).where('id', '=', id!).executeTakeFirstOrThrow()).toEqual({ status: 'pending', run_at: at, attempts: 1, last_error: 'card declined' });
  });

  it('dedupes by unique key, within one call and across nodes', async () => {
    const kind = kindName('unique');
    const key = `${kind}:once`;
    const first = await enqueueJobs(db(), [
      { kind, uniqueKey: key, payload: { n: 1 } },
      { kind, uniqueKey: key, payload: { n: 2 } },
      { kind, payload: { n: 3 } },
    ]);
    expect(first).toHaveLength(2);
    const again = await Promise.all([enqueueJobs(db(), [{ kind, uniqueKey: key }]), enqueueJobs(otherDb(), [{ kind, uniqueKey: key }])]);
    expect(again.flat()).toEqual([]);
    expect(await db().selectFrom('jobs').select('id').where('unique_key', '=', key).execute()).toHaveLength(1);
    // Inside a transaction that rolls back, nothing is enqueued.
    const rolled = `${kind}:rolled`;
    await db()
      .transaction()
      .execute(async (trx) => {
        await enqueueJobs(trx, [{ kind, uniqueKey: rolled }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await db().selectFrom('jobs').select('id').where('unique_key', '=', rolled).execute()).toHaveLength(0);
  });

  it('is woken at once by kickJobs, runs up to a kind’s concurrency, and stops cleanly on close', async () => {
    const kind = kindName('kick');
    let running = 0;
    let most = 0;
    let done = 0;
    const q = queue(db(), { pollMs: 60_000 });
    q.registerJobKind({
      kind,
      maxAttempts: 1,
      backoff: () => 0,
      concurrency: 2,
      async run() {
        running++;
        most = Math.max(most, running);
        await sleep(100);
        running--;
        done++;
      },
    });
    q.start();
    await sleep(200);
    const start = Date.now();
    await enqueueJobs(db(), Array.from({ length: 6 }, () => ({ kind })));
    kickJobs();
    await waitFor(async () => done === 6, 5000);
    expect(Date.now() - start).toBeLessThan(2500);
    expect(most).toBe(2);
    // Closing waits for a running job and claims nothing after.
    await enqueueJobs(db(), [{ kind }]);
    q.kick();
    await sleep(30);
    await q.close();
    expect(running).toBe(0);
    await enqueueJobs(db(), [{ kind }]);
    kickJobs();
    await sleep(300);
    expect((await statusOf(db(), kind)).pending).toBeGreaterThanOrEqual(1);
  });
});

const target = process.env.TEST_DATABASE_URL;

describe.skipIf(!target)('the job queue over a cut database connection', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let proxied: DatabaseHandle;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startServer(target!, { workers: false });
    const url = new URL(server.config.databaseUrl);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    proxied = await openDatabase({ databaseUrl: throughProxy(server.config.databaseUrl, await proxy.listen()), dataDir: '' });
    await sql`create table job_effects (job_id uuid not null, at timestamptz not null default now())`.execute(db());
  });
  afterAll(async () => {
    await proxied?.close();
    await server?.stop();
    await proxy?.close();
  });

  it('loses no job and does none twice when every connection is cut mid-run', async () => {
    const inTx = kindName('cut-tx');
    const inMemory = kindName('cut-mem');
    const memoryRuns = new Map<string, number>();
    const q = new JobQueue(proxied.db, { pollMs: 50, concurrency: 8 });
    // Work written in the job's own transaction, with its end.
    q.registerJobKind({
      kind: inTx,
      maxAttempts: 5,
      backoff: () => 200,
      leaseMs: 3000,
      concurrency: 4,
      async run(job) {
        await proxied.db.transaction().execute(async (trx) => {
          await sql`insert into job_effects (job_id) values (${job.id})`.execute(trx);
          await sleep(40);
          await completeJob(trx, job);
        });
      },
    });
    // Work outside the database: its end is recorded once the database is back.
    q.registerJobKind({
      kind: inMemory,
      maxAttempts: 5,
      backoff: () => 200,
      leaseMs: 10_000,
      concurrency: 4,
      async run(job) {
        memoryRuns.set(job.id, (memoryRuns.get(job.id) ?? 0) + 1);
        await sleep(60);
      },
    });
    await enqueueJobs(db(), [...Array.from({ length: 60 }, () => ({ kind: inTx })), ...Array.from({ length: 60 }, () => ({ kind: inMemory }))]);
    q.start();
    await sleep(250);
    proxy.blocked = true;
    expect(proxy.cut()).toBeGreaterThan(0);
    await sleep(1500);
    proxy.blocked = false;
    await waitFor(async () => (await statusOf(db(), inTx)).done === 60 && (await statusOf(db(), inMemory)).done === 60, 30_000);
    await q.close();
    const effects = await sql<{ job_id: string; n: string }>`select job_id, count(*) as n from job_effects group by job_id`.execute(db());
    expect(effects.rows).toHaveLength(60);
    expect(effects.rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
    expect(memoryRuns.size).toBe(60);
    expect([...memoryRuns.values()].filter((n) => n !== 1)).toEqual([]);
  }, 60_000);
});
