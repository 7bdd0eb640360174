import { describe, expect, it } from 'vitest';
import { mailBackoff, MAX_ATTEMPTS } from '../../server/mail/worker';
import { escalationJobsFor, escalationTiming, MAX_REMINDERS } from '../../server/alarms/escalate';

/** The queue's timing rules that need no database: mail's backoff and the first escalation job. */
describe('job timing', () => {
  it('waits 30 s, 1 min, 2 min, ... between mail attempts, 8 in all', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect([1, 2, 3, 7].map(mailBackoff)).toEqual([30_000, 60_000, 120_000, 1_920_000]);
  });

  it('enqueues step 1 of SOS, fall and zone-exit alarms after the first wait, with a unique key per event and step', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const time = now;
    const jobs = escalationJobsFor(
      [
        { id: 'e1', type: 'sos', deviceId: 'd1', time },
        { id: 'e2', type: 'lowBattery', deviceId: 'd1', time },
        { id: 'e3', type: 'geofenceExit', deviceId: 'd2', time },
        { id: 'e4', type: 'fall', deviceId: 'd2', time },
      ],
      (deviceId) => (deviceId === 'd1' ? 2 : 7),
      now,
    );
    expect(jobs).toEqual([
      { kind: 'alarm.escalate', payload: { eventId: 'e1', step: 1 }, uniqueKey: 'esc:e1:1', runAt: new Date(now.getTime() + 2 * escalationTiming.minuteMs) },
      { kind: 'alarm.escalate', payload: { eventId: 'e3', step: 1 }, uniqueKey: 'esc:e3:1', runAt: new Date(now.getTime() + 7 * escalationTiming.minuteMs) },
      { kind: 'alarm.escalate', payload: { eventId: 'e4', step: 1 }, uniqueKey: 'esc:e4:1', runAt: new Date(now.getTime() + 7 * escalationTiming.minuteMs) },
    ]);
    expect(MAX_REMINDERS).toBe(10);
  });
});
