/**
 * Mail drain bench: how fast queued mail (an alarm's fan-out) reaches an SMTP server, through the
 * outbox and the job queue, against the floor of the same mails sent straight through one
 * nodemailer transport with as many connections. Embedded database in memory, a local SMTP server
 * (smtp-server, as the tests use) that reads every message. Prints mails/s and the ratio; not a
 * timed test. Run: npm run bench:mail [-- <mails>]
 */
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../server/config';
import { migrate, openDatabase } from '../../server/db/database';
import { queueMails } from '../../server/mail/outbox';
import { createTransport } from '../../server/mail/transport';
import { deliverPending } from '../../server/mail/worker';
import { MAIL_CONCURRENCY } from '../../server/mail/transport';

const MAILS = Number(process.argv[2] ?? 2000);
const FROM = 'Vigil <alarms@vigil.test>';

async function smtpServer(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const mail = (i: number) => ({ to: `carer${i}@example.com`, subject: `Alarm ${i}: Anna left the zone`, text: `Anna left "Home" at 03:12. ${'Where: 55.6761, 12.5683 (±8 m), 240 m north-east of the zone. '.repeat(5)}`, html: `<p>Anna left <b>Home</b> at 03:12.</p>`.repeat(5) });

const smtp = await smtpServer();
try {
  // Floor: the same mails straight through nodemailer, MAIL_CONCURRENCY pooled connections, no queue.
  const direct = nodemailer.createTransport(`${smtp.url}?pool=true&maxConnections=${MAIL_CONCURRENCY}`);
  let started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: MAIL_CONCURRENCY }, async () => {
    while (next < MAILS) {
      const m = mail(next++);
      await direct.sendMail({ from: FROM, ...m });
    }
  }));
  const floorRate = MAILS / ((performance.now() - started) / 1000);
  direct.close();

  const database = await openDatabase({ databaseUrl: '', dataDir: 'memory://' });
  await migrate(database.db);
  await queueMails(database.db, Array.from({ length: MAILS }, (_, i) => mail(i)));
  const transport = createTransport(loadConfig({}, { smtpUrl: smtp.url, dataDir: 'memory://' }));
  const before = smtp.received();
  started = performance.now();
  const handled = await deliverPending(database.db, transport, FROM);
  const rate = MAILS / ((performance.now() - started) / 1000);
  transport.close();
  await database.close();
  console.log(`${MAILS} mails: floor (nodemailer, ${MAIL_CONCURRENCY} pooled connections, no queue) ${floorRate.toFixed(0)} mails/s`);
  console.log(`outbox and job queue to SMTP: ${rate.toFixed(0)} mails/s (${handled} jobs, ${smtp.received() - before} received), ${(rate / floorRate).toFixed(2)}x of the floor`);
} finally {
  await smtp.close();
}
