import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tenantId?: string | null;
}

/**
 * Queues a mail. Pass the transaction of the change that causes the mail (a registration, an
 * alarm), so the mail exists exactly when the change does; server/mail/worker.ts delivers it.
 */
export async function queueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({ id, tenant_id: mail.tenantId ?? null, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
    .execute();
  return id;
}

/** Queues several mails in one statement (an alarm to all of a device's receivers). */
export async function queueMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(mails.map((mail) => ({ id: randomUUID(), tenant_id: mail.tenantId ?? null, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })))
    .execute();
}
