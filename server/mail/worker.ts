import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { MailTransport } from './transport';

/** Attempts before a mail is marked failed; waits grow 30 s, 1 min, 2 min, ... */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** A claimed mail is not picked again for this long (its node may have died while sending). */
const LEASE_MS = 5 * 60_000;

/**
 * Delivers queued mail. Rows are claimed with a lease in one short statement (FOR UPDATE SKIP
 * LOCKED), so several API nodes share one outbox and each mail goes out once, and no transaction
 * stays open while a slow SMTP server answers. A failure is retried later with a growing wait.
 * Returns how many mails were handled.
 */
export async function deliverPending(db: Db, transport: MailTransport, from: string): Promise<number> {
  const due = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_time: sql<Date>`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_time', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_time')
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  for (const mail of due) {
    try {
      await transport.send({ from, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body ?? undefined });
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_time: new Date(), attempts: mail.attempts + 1, last_error: null }).where('id', '=', mail.id).execute();
    } catch (err) {
      const attempts = mail.attempts + 1;
      await db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: err instanceof Error ? err.message : String(err),
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          next_attempt_time: new Date(Date.now() + 30_000 * 2 ** (attempts - 1)),
        })
        .where('id', '=', mail.id)
        .execute();
    }
  }
  return due.length;
}
