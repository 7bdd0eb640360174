// The PostgreSQL server the benches that need one make their scratch databases on, and what they
// do with it: TEST_DATABASE_URL (as the tests), else DATABASE_URL, else the local server CI runs.
import pg from 'pg';

export const BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Ends a pool and waits until its connections are closed: pool.end() resolves before that, and a
 * database dropped "with (force)" in that moment fails the still-open connection.
 */
export async function closePool(pool: pg.Pool): Promise<void> {
  const closed: Promise<void>[] = [];
  pool.on('remove', (client) => closed.push(new Promise((resolve) => client.once('end', () => resolve()))));
  await pool.end();
  await Promise.all(closed);
}

/** Waits (up to 5 s) until no session is connected to the database of `url`, asking the server at `base`. */
export async function untilUnused(url: string, base = BENCH_DATABASE_URL): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [new URL(url).pathname.slice(1)]);
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.end();
  }
}
