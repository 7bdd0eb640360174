/**
 * Dates display as HH:mm (optionally :ss) - dd/MM/yy (SPEC section 9), on the 24-hour clock, in
 * the given IANA time zone (the tenant's, as alarm texts are written in) or else the device's own.
 */
const two = (n: number | string | undefined) => String(n ?? '00').padStart(2, '0');

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: string;
  minute: string;
  second: string;
  /** The zone's short name ("CET", or an offset such as "GMT+2" where it has none). */
  zoneName: string;
}

/** Formatters by time zone (making one is far slower than using it; tenants share a few zones). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}

/** A moment's calendar and clock in a zone; an unknown zone is read as UTC. */
function partsIn(d: Date, timeZone: string): Parts {
  let list: Intl.DateTimeFormatPart[];
  try {
    list = formatterFor(timeZone).formatToParts(d);
  } catch {
    list = formatterFor('UTC').formatToParts(d);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => list.find((p) => p.type === type)?.value;
  const zoneName = get('timeZoneName') ?? 'UTC';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: two(get('hour')),
    minute: two(get('minute')),
    second: two(get('second')),
    zoneName: zoneName === 'GMT' ? 'UTC' : zoneName,
  };
}

function localParts(d: Date): Parts {
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: two(d.getHours()), minute: two(d.getMinutes()), second: two(d.getSeconds()), zoneName: '' };
}

function readParts(value: Date | string | number, timeZone: string | undefined): Parts | null {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return timeZone ? partsIn(d, timeZone) : localParts(d);
}

const dayOf = (p: Parts) => `${two(p.day)}/${two(p.month)}/${two(p.year % 100)}`;

/** HH:mm - dd/MM/yy (HH:mm:ss - dd/MM/yy with seconds), in `timeZone` or else the device's zone. */
export function formatDateTime(value: Date | string | number, withSeconds = false, timeZone?: string): string {
  const p = readParts(value, timeZone);
  if (!p) return '';
  return `${p.hour}:${p.minute}${withSeconds ? `:${p.second}` : ''} - ${dayOf(p)}`;
}

/**
 * HH:mm ZONE - dd/MM/yy: the time with its zone's short name ("14:05 CET - 24/11/26"), so a
 * receiver in another zone, or reading a mail days later, knows which 14:05 it was. Where the
 * zone has no abbreviation Intl gives its offset ("GMT+2"); an unknown zone is told in UTC.
 */
export function formatWithZone(value: Date | string | number, timeZone: string): string {
  const p = readParts(value, timeZone);
  if (!p) return '';
  return `${p.hour}:${p.minute} ${p.zoneName} - ${dayOf(p)}`;
}

/** The short name of a zone at a moment ("CET" in winter, "CEST" in summer); '' for a moment that is none. */
export function zoneNameAt(value: Date | string | number, timeZone: string): string {
  return readParts(value, timeZone)?.zoneName ?? '';
}

/** A calendar day ('2024-03-15', as 'date' fields hold it) as dd/MM/yy, with no time-zone shift. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]!.slice(2)}` : '';
}

/**
 * A time as HH:mm when it is on the day of `now`, else in full (HH:mm - dd/MM/yy): "updated 22:14";
 * the day and the clock are those of `timeZone`, or else of the device.
 */
export function formatTimeOfDay(value: Date | string | number, now: Date = new Date(), timeZone?: string): string {
  const p = readParts(value, timeZone);
  const today = readParts(now, timeZone);
  if (!p || !today) return '';
  const sameDay = p.year === today.year && p.month === today.month && p.day === today.day;
  return sameDay ? `${p.hour}:${p.minute}` : formatDateTime(value, false, timeZone);
}
