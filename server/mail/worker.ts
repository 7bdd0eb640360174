import type { Db } from '../db/database';
import { JobQueue, type JobKind } from '../jobs';
import { MAIL_SEND, onMailSent } from './outbox';
import { MAIL_CONCURRENCY, type MailTransport } from './transport';

/** Attempts before a mail is marked failed; waits grow 30 s, 1 min, 2 min, ... */
export const MAX_ATTEMPTS = 8;
/** A claimed mail is not picked again for this long (its node may have died while sending). */
export const LEASE_MS = 5 * 60_000;
export const mailBackoff = (attempts: number) => 30_000 * 2 ** (attempts - 1);

/**
 * Delivers queued mail as `mail.send` jobs on the job queue: each job sends one mail_outbox row
 * and records the outcome on it (status, attempts, last error, next attempt), so the outbox stays
 * the record of every mail. No transaction stays open while a slow SMTP server answers. A failure
 * is retried with a growing wait until MAX_ATTEMPTS, then the mail is marked failed.
 */
export function mailJobKind(db: Db, transport: MailTransport, from: string): JobKind<typeof MAIL_SEND> {
  return {
    kind: MAIL_SEND,
    maxAttempts: MAX_ATTEMPTS,
    backoff: mailBackoff,
    leaseMs: LEASE_MS,
    concurrency: MAIL_CONCURRENCY,
    async run(job) {
      const mail = await db.selectFrom('mail_outbox').selectAll().where('id', '=', String(job.payload.mailId)).executeTakeFirst();
      if (!mail || mail.status !== 'pending') return;
      try {
        await transport.send({ from, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body ?? undefined });
      } catch (err) {
        const attempts = mail.attempts + 1;
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: err instanceof Error ? err.message : String(err),
            status: job.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            next_attempt_time: new Date(Date.now() + mailBackoff(job.attempts)),
          })
          .where('id', '=', mail.id)
          .execute();
        throw err;
      }
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_time: new Date(), attempts: mail.attempts + 1, last_error: null }).where('id', '=', mail.id).execute();
      for (const observe of onMailSent) observe(job.payload);
    },
  };
}

/**
 * Delivers due mail through `transport` on a worker of its own (a second node, a script, a test)
 * until none is left. Returns how many mails were handled.
 */
export async function deliverPending(db: Db, transport: MailTransport, from: string): Promise<number> {
  const queue = new JobQueue(db);
  queue.registerJobKind(mailJobKind(db, transport, from));
  return queue.drain();
}
