import type { AttributeValue } from '../types';

/**
 * A time zone as the watch's LZ command takes it: the zone's standard offset in hours, as Traccar's
 * WatchProtocolEncoder writes it (Java's TimeZone raw offset, DecimalFormat "+#.##;-#.##").
 */

const CUSTOM = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/;

/** The zone's offset from UTC in minutes at `at`, or null for an unknown zone. */
function offsetAt(zone: string, at: Date): number | null {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return null; // RangeError: not a time zone
  }
  if (name === 'GMT') return 0;
  const m = /^GMT([+-])(\d\d):(\d\d)$/.exec(name ?? '');
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : null;
}

/** Standard time is the smaller of January's and July's offsets (summer time only ever adds). */
function standardOffsetHours(zone: string): number | null {
  const year = new Date().getUTCFullYear();
  const january = offsetAt(zone, new Date(Date.UTC(year, 0, 1)));
  const july = offsetAt(zone, new Date(Date.UTC(year, 6, 1)));
  return january === null || july === null ? null : Math.min(january, july) / 60;
}

/** Hours from an IANA zone, a "GMT+01:30"-style id, or a number of hours; null when it is none of them. */
export function timezoneHours(value: AttributeValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= 14 ? value : null;
  if (typeof value !== 'string') return null;
  if (value === 'GMT' || value === 'UTC') return 0;
  const custom = CUSTOM.exec(value);
  if (custom) {
    const hours = Number(custom[2]) + Number(custom[3] ?? 0) / 60;
    return hours > 23 || Number(custom[3] ?? 0) > 59 ? null : (custom[1] === '-' ? -1 : 1) * hours;
  }
  return standardOffsetHours(value);
}

/** DecimalFormat "+#.##;-#.##": a sign, at most two decimals (rounded half to even), no trailing zeros. */
export function formatHours(hours: number): string {
  const hundredths = hours * 100;
  const floor = Math.floor(hundredths);
  const diff = hundredths - floor;
  const rounded = Math.abs(diff - 0.5) < 1e-9 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(hundredths);
  const text = String(Math.abs(rounded) / 100);
  return (rounded < 0 ? '-' : '+') + text;
}
