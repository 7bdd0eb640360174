import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatDateTime } from '../../common/dates';
import {
  dayEndToApi,
  dayFromValue,
  dayStartToApi,
  dayToApi,
  formatDay,
  instantFromValue,
  instantToApi,
  UNREADABLE_DATE,
} from '../../src/components/dates/convert';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_SECONDS_FORMAT } from '../../src/components/dates/formats';

dayjs.extend(customParseFormat);

/** The date inputs' conversions between what the API stores and what the pickers show (src/components/dates). */
describe('date input formats', () => {
  it('are the SPEC section 9 forms, the same as the display helper writes', () => {
    expect(DATE_FORMAT).toBe('DD/MM/YY');
    expect(DATE_TIME_FORMAT).toBe('HH:mm - DD/MM/YY');
    for (const date of [new Date(2024, 2, 5, 7, 9, 4), new Date(1999, 11, 31, 23, 59, 59), new Date(2031, 0, 1, 0, 0, 0)]) {
      expect(dayjs(date).format(DATE_TIME_FORMAT)).toBe(formatDateTime(date));
      expect(dayjs(date).format(DATE_TIME_SECONDS_FORMAT)).toBe(formatDateTime(date, true));
    }
  });

  it('reads a typed dd/MM/yy as that day, day first', () => {
    const typed = dayjs('05/03/24', DATE_FORMAT, true);
    expect(typed.isValid()).toBe(true);
    expect(dayToApi(typed)).toBe('2024-03-05');
    expect(dayjs('31/02/24', DATE_FORMAT, true).isValid()).toBe(false);
  });
});

describe('a date property (YYYY-MM-DD)', () => {
  it('shows the stored day, whatever the time zone', () => {
    const day = dayFromValue('2023-12-25');
    expect(day?.format(DATE_FORMAT)).toBe('25/12/23');
    expect(formatDay('2023-12-25')).toBe('25/12/23');
    expect(formatDay('2024-02-29')).toBe('29/02/24');
  });

  it('sends the picked day as YYYY-MM-DD and the cleared input as null', () => {
    expect(dayToApi(dayjs(new Date(2024, 2, 15, 23, 30)))).toBe('2024-03-15');
    expect(dayToApi(null)).toBeNull();
    expect(dayFromValue(null)).toBeNull();
    expect(dayFromValue('')).toBeNull();
    expect(dayFromValue(dayToApi(dayFromValue('2024-01-31')))?.format('YYYY-MM-DD')).toBe('2024-01-31');
  });

  it('keeps an unreadable day visible to validation instead of dropping it', () => {
    expect(dayToApi(dayjs(new Date(Number.NaN)))).toBe(UNREADABLE_DATE);
    expect(dayFromValue('2024-02-30')?.isValid()).toBe(false);
    expect(dayFromValue(UNREADABLE_DATE)?.isValid()).toBe(false);
    expect(formatDay(UNREADABLE_DATE)).toBe('');
  });
});

describe('a date-time property (ISO instant)', () => {
  it('sends the picked wall-clock moment as its ISO instant and reads it back', () => {
    const picked = dayjs(new Date(2024, 2, 15, 14, 30));
    const sent = instantToApi(picked);
    expect(sent).toBe(new Date(2024, 2, 15, 14, 30).toISOString());
    expect(instantFromValue(sent)?.format(DATE_TIME_FORMAT)).toBe('14:30 - 15/03/24');
    expect(instantToApi(null)).toBeNull();
    expect(instantToApi(dayjs(new Date(Number.NaN)))).toBe(UNREADABLE_DATE);
  });

  it('sends a range filter day as the instants it starts and ends at on the user clock', () => {
    const day = dayjs(new Date(2031, 2, 15, 9, 0));
    expect(dayStartToApi(day)).toBe(new Date(2031, 2, 15).toISOString());
    expect(dayEndToApi(day)).toBe(new Date(2031, 2, 15, 23, 59, 59, 999).toISOString());
    expect(dayStartToApi(null)).toBeNull();
    // A filter read back from the URL shows its local day.
    expect(instantFromValue(dayEndToApi(day))?.format(DATE_FORMAT)).toBe('15/03/31');
  });
});
