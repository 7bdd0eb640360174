import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { cancelJobs, periodicJob, type JobKind, type JobSpec } from '../../server/jobs';

/**
 * The job catalogue (server/jobs/catalogue.ts) as the type checker enforces it: each
 * `@ts-expect-error` below fails `tsc` once the catalogue stops refusing what it marks.
 */
describe('the job catalogue', () => {
  it('checks each enqueued job against its kind’s payload', () => {
    const specs: JobSpec[] = [
      { kind: 'alarm.escalate', payload: { eventId: 'e1', step: 1 }, uniqueKey: 'esc:e1:1' },
      { kind: 'mail.send', payload: { mailId: 'm1' } },
      { kind: 'billing-run', runAt: new Date(0) },
      // @ts-expect-error: an escalation step names its event
      { kind: 'alarm.escalate', payload: { step: 1 } },
      // @ts-expect-error: another kind's payload
      { kind: 'mail.send', payload: { exportId: 'x1' } },
      // @ts-expect-error: a mail job needs its mail
      { kind: 'mail.send' },
      // @ts-expect-error: a kind no module declares
      { kind: 'alarm.escalates', payload: { eventId: 'e1', step: 1 } },
    ];
    expect(specs.map((s) => s.kind)).toEqual(['alarm.escalate', 'mail.send', 'billing-run', 'alarm.escalate', 'mail.send', 'mail.send', 'alarm.escalates']);
  });

  it('gives a handler its kind’s payload', async () => {
    const seen: string[] = [];
    const kind: JobKind<'privacy.export'> = {
      kind: 'privacy.export',
      maxAttempts: 1,
      backoff: () => 0,
      async run(job) {
        seen.push(job.payload.exportId);
        // @ts-expect-error: not a field of this kind's payload
        seen.push(String(job.payload.mailId));
      },
    };
    const job = { id: 'j1', kind: 'privacy.export', payload: { exportId: 'x1' }, attempts: 1, token: 't', uniqueKey: null, runAt: new Date(0), leaseUntil: new Date(0) };
    await kind.run(job, new AbortController().signal);
    expect(seen).toEqual(['x1', 'undefined']);
  });

  it('types the payload field a cancel matches and keeps periodic kinds to those without data', () => {
    // Never called: these lines are for the type checker only.
    const typeOnly = (db: Db) => {
      void cancelJobs(db, 'alarm.escalate', 'eventId', 'e1', 'acknowledged');
      // @ts-expect-error: escalation payloads have no such field
      void cancelJobs(db, 'alarm.escalate', 'deviceId', 'd1', 'acknowledged');
      // @ts-expect-error: a mail job carries data, so it cannot run once per slot
      periodicJob(db, 'mail.send', 1000, async () => undefined);
    };
    expect(typeof typeOnly).toBe('function');
  });
});
