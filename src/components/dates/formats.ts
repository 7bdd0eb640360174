/**
 * How dates are read and entered everywhere (SPEC section 9), as dayjs format strings: a day as
 * dd/MM/yy, a moment as HH:mm - dd/MM/yy. common/dates.ts formats the same way for display
 * (tests/unit/date-inputs.test.ts holds the two together). The API's own forms are kept apart.
 */
export const DATE_FORMAT = 'DD/MM/YY';
/** A time of day on the 24-hour clock, as the API holds it too ('22:00'). */
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${TIME_FORMAT} - ${DATE_FORMAT}`;
/** With seconds, as logs show them. */
export const DATE_TIME_SECONDS_FORMAT = `HH:mm:ss - ${DATE_FORMAT}`;
/** A 'date' property as the API stores it. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';
