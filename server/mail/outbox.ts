import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tenantId?: string | null;
  /** What caused the mail, for the metrics of whoever listens (onMailSent): a bounded word, never personal. */
  tag?: string;
  /** When what the mail tells of happened (an alarm's fix), for the metrics' delivery time. */
  since?: Date;
}

/** What a sent mail's job carried, as onMailSent observers are told. */
export interface SentMail {
  mailId: string;
  tag?: string;
  since?: string;
}

/** Told of every mail the transport accepted (modules count their own mail in the metrics). */
export const onMailSent: ((mail: SentMail) => void)[] = [];

/** The job kind that delivers one mail_outbox row (server/mail/worker.ts). */
export const MAIL_SEND = 'mail.send';

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [MAIL_SEND]: SentMail;
  }
}

/**
 * Queues mails: the mail_outbox rows (the record of each mail) and one `mail.send` job per mail on
 * the job queue, in one statement. Pass the transaction of the change that causes the mail (a
 * registration, an alarm), so the mail exists exactly when the change does.
 */
async function insertMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<string[]> {
  const rows = mails.map((mail) => ({ id: randomUUID(), tenant_id: mail.tenantId ?? null, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null }));
  const payloads = mails.map((mail, i): SentMail => ({ mailId: rows[i]!.id, ...(mail.tag ? { tag: mail.tag } : {}), ...(mail.since ? { since: mail.since.toISOString() } : {}) }));
  // Both in one statement (a data-modifying CTE always runs), due together at the statement's now().
  await db
    .with('m', (qb) => qb.insertInto('mail_outbox').values(rows))
    .insertInto('jobs')
    .values(payloads.map((payload) => ({ id: randomUUID(), kind: MAIL_SEND, payload: JSON.stringify(payload), run_at: sql<Date>`now()` })))
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
