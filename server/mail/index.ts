import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { kickJobs, type JobQueue } from '../jobs';
import { createTransport } from './transport';
import { mailJobKind } from './worker';

export { queueMail, queueMails, onMailSent, MAIL_SEND, type OutgoingMail, type SentMail } from './outbox';

/** Asks this node's job worker to look at the queue now (after queueing an urgent mail, an alarm). */
export function kickMail(): void {
  kickJobs();
}

/** What mail delivery needs of the server (the platform part of a module's context). */
export interface MailContext {
  db: Db;
  config: Config;
  jobs: JobQueue;
}

/** Mail delivery: `mail.send` jobs on the node's job queue, over SMTP or into the local outbox folder. */
export async function mailModule(app: FastifyInstance, ctx: MailContext): Promise<void> {
  if (!ctx.config.workers) return;
  const transport = createTransport(ctx.config);
  ctx.jobs.registerJobKind(mailJobKind(ctx.db, transport, ctx.config.mailFrom));
  // The job queue closes first (server/app.ts), so no mail is being sent when the transport closes.
  app.addHook('onClose', async () => {
    await ctx.jobs.close();
    transport.close();
  });
}
