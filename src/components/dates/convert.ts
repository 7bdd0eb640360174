import dayjs, { type Dayjs } from 'dayjs';
import { API_DATE_FORMAT, DATE_FORMAT } from './formats';

/**
 * What a date input keeps in the form while the typed date is incomplete or impossible (31/02/25):
 * a text no 'date' or 'date-time' check accepts, so the form's validation names the field instead
 * of the value being dropped without a word.
 */
export const UNREADABLE_DATE = 'Invalid Date';

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day a form value names: 'YYYY-MM-DD' as that day of the user's calendar, an instant as its local day. */
export function dayFromValue(value: unknown): Dayjs | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string') {
    const match = API_DATE.exec(value);
    if (match) {
      const day = dayjs(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return day.format(API_DATE_FORMAT) === value ? day : dayjs(new Date(Number.NaN));
    }
  }
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return dayjs(new Date(Number.NaN));
  return dayjs(value);
}

/** A moment a form value names (an ISO instant, a Date, epoch ms), in the user's time zone. */
export function instantFromValue(value: unknown): Dayjs | null {
  if (value == null || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return dayjs(new Date(Number.NaN));
  return dayjs(value);
}

/** A picked day as a 'date' property stores it: 'YYYY-MM-DD'; cleared is null. */
export function dayToApi(day: Dayjs | null): string | null {
  if (day === null) return null;
  return day.isValid() ? day.format(API_DATE_FORMAT) : UNREADABLE_DATE;
}

/** A picked moment as the ISO 8601 instant a 'date-time' property stores; cleared is null. */
export function instantToApi(moment: Dayjs | null): string | null {
  if (moment === null) return null;
  return moment.isValid() ? moment.toISOString() : UNREADABLE_DATE;
}

/** A picked day as the instant it starts at in the user's time zone (a range's "from"). */
export function dayStartToApi(day: Dayjs | null): string | null {
  if (day === null) return null;
  return day.isValid() ? day.startOf('day').toISOString() : UNREADABLE_DATE;
}

/** A picked day as the instant of its last millisecond (a range's "to" includes the whole day). */
export function dayEndToApi(day: Dayjs | null): string | null {
  if (day === null) return null;
  return day.isValid() ? day.endOf('day').toISOString() : UNREADABLE_DATE;
}

/** A day as the product shows it: dd/MM/yy; nothing for no or an unreadable value. */
export function formatDay(value: unknown): string {
  const day = dayFromValue(value);
  return day?.isValid() ? day.format(DATE_FORMAT) : '';
}
