import { sql } from 'kysely';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import { AbpError } from './errors';

/** 429 in ABP's shape, in the caller's language (the caller sets Retry-After). */
export const tooManyRequests = (lang: string) => new AbpError(429, translate('errors.tooManyRequests', lang), { code: 'Vigil:TooManyRequests' });

/**
 * A fixed-window counter kept in the database, so the limit holds across API nodes.
 * Returns whether this hit is within `limit` hits per `windowSeconds`, and when to retry.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }> {
  const expired = sql<boolean>`rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_start: sql`now()` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        window_start: sql`case when ${expired} then now() else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', sql<number>`ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))`.as('retry_after')])
    .executeTakeFirstOrThrow();
  return { allowed: row.hits <= limit, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/**
 * Takes back one hit of `key` (a try that turned out right), so a limit counts only failures while
 * hitRateLimit, taken first, still holds concurrent tries to the limit.
 */
export async function forgiveRateLimitHit(db: Db, key: string): Promise<void> {
  await db.updateTable('rate_limits').set({ hits: sql`greatest(rate_limits.hits - 1, 0)` }).where('key', '=', key).execute();
}
