import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { currentPriority, IMPORTANT_STREAK, PriorityLock, runWithPriority, type Priority } from '../../server/db/priority';
import { PGliteDialect } from '../../server/db/pglite-dialect';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Queues one waiter per priority given (the lock already held); returns the order they got it in. */
async function grantOrder(lock: PriorityLock, priorities: Priority[]): Promise<string[]> {
  const order: string[] = [];
  const waits = priorities.map((p, i) => lock.acquire(p).then(() => order.push(`${p[0]}${i}`)));
  for (let i = 0; i < priorities.length; i++) {
    await tick();
    lock.release();
  }
  await Promise.all(waits);
  return order;
}

describe('PriorityLock', () => {
  it('hands the lock to important waiters first, each line in arrival order', async () => {
    const lock = new PriorityLock();
    await lock.acquire('ordinary');
    expect(await grantOrder(lock, ['ordinary', 'ordinary', 'important', 'ordinary', 'important'])).toEqual(['i2', 'i4', 'o0', 'o1', 'o3']);
  });

  it('gives waiting ordinary work a turn after a streak of important grants, so it cannot starve', async () => {
    const lock = new PriorityLock();
    await lock.acquire('important');
    const order = await grantOrder(lock, ['ordinary', ...Array<Priority>(IMPORTANT_STREAK + 2).fill('important')]);
    expect(order.indexOf('o0')).toBe(IMPORTANT_STREAK);
  });

  it('is free again once the last holder releases', async () => {
    const lock = new PriorityLock();
    await lock.acquire();
    lock.release();
    let got = false;
    void lock.acquire('ordinary').then(() => (got = true));
    await tick();
    expect(got).toBe(true);
    expect(lock.queued).toEqual({ important: 0, ordinary: 0 });
  });
});

describe('request priority', () => {
  it('is important outside a request and follows the async path inside one', async () => {
    expect(currentPriority()).toBe('important');
    const seen = await runWithPriority('ordinary', async () => {
      await tick();
      return new Promise<Priority>((resolve) => setTimeout(() => resolve(currentPriority()), 1));
    });
    expect(seen).toBe('ordinary');
  });
});

describe('the embedded database driver', () => {
  /** A stand-in for PGlite that records the statements it is given. */
  function fakePglite(log: string[]) {
    return { waitReady: Promise.resolve(), closed: false, query: async (sql: string) => (log.push(sql), { rows: [], affectedRows: 0 }) } as unknown as PGlite;
  }

  it('serves important borrowers first, while a transaction keeps the connection from BEGIN to COMMIT', async () => {
    const log: string[] = [];
    const driver = new PGliteDialect(fakePglite(log)).createDriver();
    await driver.init();
    // A back-office transaction holds the connection; others queue meanwhile.
    const trx = await runWithPriority('ordinary', () => driver.acquireConnection());
    await driver.beginTransaction(trx, {});
    const borrow = (priority: Priority, sql: string) =>
      runWithPriority(priority, async () => {
        const connection = await driver.acquireConnection();
        await connection.executeQuery(CompiledQuery.raw(sql));
        await driver.releaseConnection(connection);
      });
    const queued = [borrow('ordinary', 'list page'), borrow('important', 'sign-in'), borrow('ordinary', 'list count'), borrow('important', 'ingest')];
    await tick();
    await trx.executeQuery(CompiledQuery.raw('insert'));
    await driver.commitTransaction(trx);
    await driver.releaseConnection(trx);
    await Promise.all(queued);
    expect(log).toEqual(['begin', 'insert', 'commit', 'sign-in', 'ingest', 'list page', 'list count']);
  });
});
