import { describe, expect, it, vi } from 'vitest';
import { DatabaseHealth, DatabaseUnavailable, isConnectionError, PROBE_MS } from '../../server/db/health';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const quiet = { warn: () => undefined, info: () => undefined };

describe('isConnectionError', () => {
  it('knows a database that went away from a statement that was wrong', () => {
    expect(isConnectionError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isConnectionError(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionError(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isConnectionError(withCode('connection failure', '08006'))).toBe(true);
    expect(isConnectionError(new DatabaseUnavailable('down'))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('wrapped'), { cause: withCode('x', 'ECONNRESET') }))).toBe(true);

    expect(isConnectionError(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isConnectionError(withCode('syntax error at or near', '42601'))).toBe(false);
    expect(isConnectionError(withCode('password authentication failed', '28P01'))).toBe(false);
    expect(isConnectionError('ECONNRESET')).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

describe('DatabaseHealth', () => {
  it('refuses work at once while the database is away and comes back when a probe gets an answer', async () => {
    vi.useFakeTimers();
    try {
      let answers = false;
      const probe = vi.fn(async () => {
        if (!answers) throw withCode('connect ECONNREFUSED', 'ECONNREFUSED');
      });
      const health = new DatabaseHealth(probe);
      health.setLog(quiet);
      const events: string[] = [];
      health.on('down', () => events.push('down'));
      health.on('up', () => events.push('up'));

      health.failed(withCode('duplicate key', '23505'));
      expect(health.available).toBe(true);
      health.failed(withCode('read ECONNRESET', 'ECONNRESET'));
      health.failed(withCode('read ECONNRESET', 'ECONNRESET'));
      expect(health.available).toBe(false);
      expect(() => health.check()).toThrow(DatabaseUnavailable);

      await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
      expect(probe).toHaveBeenCalledTimes(3);
      expect(health.available).toBe(false);
      answers = true;
      await vi.advanceTimersByTimeAsync(PROBE_MS);
      expect(health.available).toBe(true);
      expect(() => health.check()).not.toThrow();
      expect(events).toEqual(['down', 'up']);
      health.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
