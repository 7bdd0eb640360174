import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tenantId?: string | null;
}

/** The job kind that delivers one mail_outbox row (server/mail/worker.ts). */
export const MAIL_SEND = 'mail.send';

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [MAIL_SEND]: { mailId: string };
  }
}

/**
 * Queues mails: the mail_outbox rows (the record of each mail) and one `mail.send` job per mail on
 * the job queue, in one statement. Pass the transaction of the change that causes the mail (a
 * registration, an alarm), so the mail exists exactly when the change does.
 */
async function insertMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<string[]> {
  const rows = mails.map((mail) => ({ id: randomUUID(), tenant_id: mail.tenantId ?? null, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null }));
  await db
    .with('m', (qb) => qb.insertInto('mail_outbox').values(rows).returning(['id', 'next_attempt_time']))
    .insertInto('jobs')
    .columns(['id', 'kind', 'payload', 'run_at'])
    .expression((eb) =>
      eb.selectFrom('m').select([sql<string>`gen_random_uuid()`.as('id'), sql<string>`${MAIL_SEND}::text`.as('kind'), sql<string>`jsonb_build_object('mailId', m.id)`.as('payload'), 'm.next_attempt_time'])
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Queues a mail (see insertMails); server/mail/worker.ts delivers it. Returns the mail's id. */
export async function queueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<string> {
  return (await insertMails(db, [mail]))[0]!;
}

/** Queues several mails in one statement (an alarm to all of a device's receivers). */
export async function queueMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  return insertMails(db, mails);
}
