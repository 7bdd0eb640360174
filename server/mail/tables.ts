import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Nullable, NullableTimestamp } from '../db/columns';

/** Every mail the product sends (migration 006_care_model), delivered by server/mail/worker.ts. */
export interface MailOutboxTable {
  id: string;
  tenant_id: Nullable<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: Nullable<string>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: Nullable<string>;
  next_attempt_time: ColumnType<Date, Date | string | undefined, Date | string>;
  creation_time: CreatedAt;
  sent_time: NullableTimestamp;
}

/** The mail outbox, in the Database type. */
declare module '../db/tables' {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}
