import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionGate, priorityOf, type Admission } from '../../server/http/admission';

describe('priorityOf', () => {
  it('keeps sign-in, token, ingest, alarms, the dashboard, locate-now and the web app important; back-office API calls ordinary', () => {
    for (const url of [
      '/oidc/.well-known/openid-configuration',
      '/oidc/interaction/abc/login',
      '/oidc/token',
      '/ingest/osmand?id=1',
      '/health',
      '/locales/da/server.json',
      '/api/app/productInstance/requestPosition',
      '/api/app/productInstance/requestPosition/6f1c2a4e-1d3b-4c5a-9e7f-0a1b2c3d4e5f',
      '/assets/index-abc.js',
      '/',
      '/api/abp/application-configuration',
      '/api/runtime-config',
      '/api/app/tracking/live',
      '/api/app/tracking/alarms/1/acknowledge',
      '/api/app/productInstance/pagedDashboard?SkipCount=0',
    ]) {
      expect(priorityOf('GET', url), url).toBe('important');
    }
    for (const url of ['/api/app/productInstance?SkipCount=0&MaxResultCount=10', '/api/identity/users', '/api/audit-logging/audit-logs']) {
      expect(priorityOf('GET', url), url).toBe('ordinary');
    }
    expect(priorityOf('OPTIONS', '/api/identity/users')).toBe('important');
  });
});

describe('AdmissionGate', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  /** Enters `n` callers; returns their outcomes as they are decided. */
  function enter(gate: AdmissionGate, n: number) {
    const outcomes: (Admission | undefined)[] = Array(n).fill(undefined);
    for (let i = 0; i < n; i++) gate.enter((o) => (outcomes[i] = o));
    return outcomes;
  }
  const admitted = (o: Admission | undefined): o is Extract<Admission, { admitted: true }> => o?.admitted === true;

  it('admits up to maxInFlight on the next turn, lines up maxQueue and refuses the rest at once with a Retry-After', () => {
    const gate = new AdmissionGate({ maxInFlight: 2, maxQueue: 3, maxWaitMs: 5000 });
    const outcomes = enter(gate, 5);
    // Refused at once: the line was full (3 waiting) for the 4th and 5th.
    expect(outcomes.slice(3)).toEqual([
      { admitted: false, retryAfter: 1 },
      { admitted: false, retryAfter: 1 },
    ]);
    expect(outcomes.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    vi.advanceTimersToNextTimer();
    expect(outcomes.slice(0, 3).map((o) => o?.admitted)).toEqual([true, true, undefined]);
    // A place frees: the next in line goes in (FIFO), on the next turn.
    if (admitted(outcomes[0])) outcomes[0].release();
    vi.advanceTimersToNextTimer();
    expect(outcomes[2]?.admitted).toBe(true);
    expect(gate.load).toEqual({ inFlight: 2, waiting: 0 });
  });

  it('refuses a caller that has waited maxWaitMs, and forgets one that went away', () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxQueue: 10, maxWaitMs: 1000 });
    const outcomes = enter(gate, 2);
    let gone: Admission | undefined;
    const cancel = gate.enter((o) => (gone = o));
    vi.advanceTimersToNextTimer();
    expect(outcomes[0]?.admitted).toBe(true);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(outcomes[1]).toEqual({ admitted: false, retryAfter: 1 });
    expect(gone).toBeUndefined();
    expect(gate.load).toEqual({ inFlight: 1, waiting: 0 });
  });

  it('refuses at the door when the wait to expect is past maxWaitMs, from how long calls hold their place', () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxQueue: 100, maxWaitMs: 1000 });
    // Calls that take 400 ms each teach the gate its pace.
    for (let i = 0; i < 40; i++) {
      const one = enter(gate, 1);
      vi.advanceTimersToNextTimer();
      vi.advanceTimersByTime(400);
      if (admitted(one[0])) one[0].release();
    }
    const outcomes = enter(gate, 5);
    // One free place and about 400 ms a call: the fourth in line would wait about 1.2 s.
    expect(outcomes.map((o) => o?.admitted)).toEqual([undefined, undefined, undefined, false, false]);
  });
});
