import type { GeofenceSchedule } from '../care/tables';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat | undefined {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      return undefined;
    }
    formatters.set(timeZone, f);
  }
  return f;
}

const minutes = (hhmm: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/**
 * Whether a zone's alarms are on at `time`: always without a schedule; else between `from` and `to`
 * in the schedule's time zone ('22:00'-'06:00' runs over midnight; equal ends mean all day). A
 * schedule that cannot be read (unknown zone, bad time) alarms always, never silently not at all.
 */
export function scheduleActive(schedule: GeofenceSchedule | null | undefined, time: Date): boolean {
  if (!schedule) return true;
  const from = minutes(schedule.from);
  const to = minutes(schedule.to);
  const f = formatter(schedule.timeZone || 'UTC');
  if (!f || !Number.isFinite(from) || !Number.isFinite(to)) return true;
  const parts = f.formatToParts(time);
  const now = Number(parts.find((p) => p.type === 'hour')?.value) * 60 + Number(parts.find((p) => p.type === 'minute')?.value);
  if (from === to) return true;
  return from < to ? now >= from && now < to : now >= from || now < to;
}
