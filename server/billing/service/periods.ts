import type { Plan } from '../tables';

/** The end of a billing period: one calendar month or year later (UTC), the 31st becoming the month's last day. */
export function addPeriod(start: Date, plan: Plan): Date {
  const months = plan === 'monthly' ? 1 : 12;
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}
