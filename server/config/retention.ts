import { HISTORY_CLASSES, HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS, isHistoryClass, type HistoryClass } from '../history/classes';

/** How long logs and sent mail are kept, in days (RETENTION_*_DAYS; README, Retention). */
export interface LogRetention {
  auditLogDays: number;
  securityLogDays: number;
  sentMailDays: number;
}

/** The host's defaults, and why: docs/decisions/038-retention-of-logs-and-sent-mail.md. */
export const LOG_RETENTION_DEFAULTS: LogRetention = { auditLogDays: 365, securityLogDays: 365, sentMailDays: 90 };

/** Positions and events (server/history): the class a tenant without its own keeps, and the longest one may choose. */
export interface HistoryRetention {
  defaultDays: HistoryClass;
  maxDays: HistoryClass;
}

/** A number of days to keep data: a value that is set but not a whole number of days is refused, never replaced by the default. */
export function days(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 36_500) throw new Error(`${name} must be a whole number of days from 1 to 36500, not "${value}"`);
  return n;
}

/** A retention class of the history (server/history/classes.ts), no longer than `max`. */
function historyClass(name: string, value: string | undefined, fallback: HistoryClass, max = 36_500): HistoryClass {
  const n = days(name, value, fallback);
  if (!isHistoryClass(n)) throw new Error(`${name} must be one of ${HISTORY_CLASSES.join(', ')} days, not "${value}"`);
  if (n > max) throw new Error(`${name} (${n}) must not be longer than RETENTION_HISTORY_MAX_DAYS (${max})`);
  return n;
}

/** RETENTION_HISTORY_MAX_DAYS and RETENTION_HISTORY_DEFAULT_DAYS: the default never longer than the longest. */
export function historyRetention(maxValue: string | undefined, defaultValue: string | undefined): HistoryRetention {
  const maxDays = historyClass('RETENTION_HISTORY_MAX_DAYS', maxValue, HISTORY_MAX_DAYS);
  return { maxDays, defaultDays: historyClass('RETENTION_HISTORY_DEFAULT_DAYS', defaultValue, Math.min(HISTORY_DEFAULT_DAYS, maxDays) as HistoryClass, maxDays) };
}
