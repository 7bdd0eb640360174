import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/database';
import { queueMails } from '../../server/mail/outbox';
import { createTransport, pooledSmtpUrl } from '../../server/mail/transport';
import { deliverPending } from '../../server/mail/worker';
import { MAIL_CONCURRENCY } from '../../server/mail/transport';

/**
 * An alarm's fan-out is many mails at once: they go over a few kept-open SMTP connections, not a
 * connection per mail (which held the drain near 60 mails/s; npm run bench:mail).
 */
describe('mail over pooled SMTP connections', () => {
  let database: DatabaseHandle;
  let server: SMTPServer;
  let url = '';
  let connections = 0;
  let received = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          received++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
    database = await openDatabase({ databaseUrl: '', dataDir: 'memory://' });
    await migrate(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends 60 queued mails over at most MAIL_CONCURRENCY connections', async () => {
    await queueMails(database.db, Array.from({ length: 60 }, (_, i) => ({ to: `r${i}@example.com`, subject: `Alarm ${i}`, text: 'Anna left Home' })));
    const transport = createTransport(loadConfig({}, { smtpUrl: url, dataDir: 'memory://' }));
    try {
      expect(await deliverPending(database.db, transport, 'Vigil <a@vigil.test>')).toBe(60);
    } finally {
      transport.close();
    }
    expect(received).toBe(60);
    expect(connections).toBeLessThanOrEqual(MAIL_CONCURRENCY);
    const sent = await database.db.selectFrom('mail_outbox').select('status').where('status', '=', 'sent').execute();
    expect(sent).toHaveLength(60);
  });

  it("keeps the operator's own pool settings and credentials", () => {
    expect(pooledSmtpUrl('smtp://user:p%40ss@mail.example:587', 4)).toBe('smtp://user:p%40ss@mail.example:587?pool=true&maxConnections=4');
    expect(pooledSmtpUrl('smtps://mail.example?pool=false', 4)).toBe('smtps://mail.example?pool=false&maxConnections=4');
    expect(pooledSmtpUrl('smtp://mail.example:25?maxConnections=2', 4)).toBe('smtp://mail.example:25?maxConnections=2&pool=true');
  });
});
