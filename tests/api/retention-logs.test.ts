import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { enqueueJobs } from '../../server/jobs';
import { LOG_RETENTION_JOB, runLogRetention } from '../../server/retention';
import { DATABASES, startServer, type TestServer } from '../support/server';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * Logs and sent mail are kept as long as their retention says and no longer: older rows are
 * removed, newer ones and mail still waiting to be sent stay, and the run leaves an audit entry.
 */
describe.each(DATABASES)('retention of logs and sent mail ($name)', ({ url }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(url, { retention: { auditLogDays: 30, securityLogDays: 60, sentMailDays: 7 } });
  }, 120_000);
  afterAll(async () => server?.stop());

  async function seed(tag: string) {
    const db = server.database.db;
    const audit = (days: number) => ({ id: randomUUID(), http_method: 'POST', url: `/api/${tag}/${days}`, execution_time: ago(days), entity_changes: '[]' });
    await db.insertInto('audit_logs').values([audit(31), audit(400), audit(29), audit(0)]).execute();
    const security = (days: number) => ({ id: randomUUID(), application_name: 'Vigil', identity: 'Identity', action: `${tag}-${days}`, creation_time: ago(days), extra_properties: '{}' });
    await db.insertInto('security_logs').values([security(61), security(59)]).execute();
    const mail = (days: number, status: 'pending' | 'sent' | 'failed') => ({ id: randomUUID(), to_address: `${tag}-${days}-${status}@example.com`, subject: 's', text_body: 't', status, creation_time: ago(days) });
    await db.insertInto('mail_outbox').values([mail(8, 'sent'), mail(8, 'failed'), mail(8, 'pending'), mail(6, 'sent')]).execute();
  }

  const left = async (tag: string) => {
    const db = server.database.db;
    const audit = (await db.selectFrom('audit_logs').select('url').where('url', 'like', `/api/${tag}/%`).execute()).map((r) => r.url.split('/').pop()).sort();
    const security = (await db.selectFrom('security_logs').select('action').where('action', 'like', `${tag}-%`).execute()).map((r) => r.action).sort();
    const mail = (await db.selectFrom('mail_outbox').select('to_address').where('to_address', 'like', `${tag}-%`).execute()).map((r) => r.to_address.split('@')[0]).sort();
    return { audit, security, mail };
  };

  it('removes what is older than each retention, keeps the rest and mail not yet sent, and audits the run', async () => {
    await seed('direct');
    const run = await runLogRetention(server.database.db, server.config.retention);
    expect(await left('direct')).toEqual({ audit: ['0', '29'], security: ['direct-59'], mail: ['direct-6-sent', 'direct-8-pending'] });
    expect(run.removed).toMatchObject({ AuditLog: expect.any(Number), SecurityLog: expect.any(Number), SentMail: 2 });
    expect(run.removed.AuditLog).toBeGreaterThanOrEqual(2);
    const entry = await server.database.db.selectFrom('audit_logs').selectAll().where('url', '=', 'job:retention.logs').orderBy('execution_time', 'desc').executeTakeFirstOrThrow();
    const mailChange = entry.entity_changes.find((c) => c.entityType === 'Vigil.Retention.SentMail');
    expect(mailChange?.propertyChanges.find((p) => p.propertyName === 'removed')?.newValue).toBe(2);
    expect(new Date(mailChange!.entityId).getTime()).toBeCloseTo(ago(7).getTime(), -5);
  });

  it('runs as a job on the shared queue', async () => {
    await seed('job');
    const [jobId] = await enqueueJobs(server.database.db, [{ kind: LOG_RETENTION_JOB }]);
    const until = Date.now() + 20_000;
    let status = 'pending';
    while (status === 'pending' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await server.database.db.selectFrom('jobs').select('status').where('id', '=', jobId!).executeTakeFirstOrThrow()).status;
    }
    expect(status).toBe('done');
    expect(await left('job')).toEqual({ audit: ['0', '29'], security: ['job-59'], mail: ['job-6-sent', 'job-8-pending'] });
    // The next day's run is waiting, once.
    const next = await server.database.db.selectFrom('jobs').select('run_at').where('kind', '=', LOG_RETENTION_JOB).where('status', '=', 'pending').execute();
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.run_at).getTime()).toBeGreaterThan(Date.now());
  }, 30_000);
});

describe('retention settings', () => {
  it('are read from the environment, with documented defaults', () => {
    expect(loadConfig({}).retention).toEqual({ auditLogDays: 365, securityLogDays: 365, sentMailDays: 90 });
    expect(loadConfig({ RETENTION_AUDIT_LOG_DAYS: '30', RETENTION_SECURITY_LOG_DAYS: '60', RETENTION_SENT_MAIL_DAYS: '7' }).retention).toEqual({ auditLogDays: 30, securityLogDays: 60, sentMailDays: 7 });
  });

  it.each(['0', '-5', '1.5', 'thirty', '99999'])('refuses %s days rather than keeping data for the default', (value) => {
    expect(() => loadConfig({ RETENTION_SENT_MAIL_DAYS: value })).toThrow(`RETENTION_SENT_MAIL_DAYS must be a whole number of days from 1 to 36500, not "${value}"`);
  });
});
