/** Dates display as HH:mm (optionally :ss) - dd/MM/yy (SPEC section 9). */
const two = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}`;

export function formatDateTime(value: Date | string | number, withSeconds = false): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const time = `${clock(d)}${withSeconds ? `:${two(d.getSeconds())}` : ''}`;
  return `${time} - ${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)}`;
}

/** A calendar day ('2024-03-15', as 'date' fields hold it) as dd/MM/yy, with no time-zone shift. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]!.slice(2)}` : '';
}

/** A time as HH:mm when it is on the day of `now`, else in full (HH:mm - dd/MM/yy): "updated 22:14". */
export function formatTimeOfDay(value: Date | string | number, now: Date = new Date()): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? clock(d) : formatDateTime(d);
}
