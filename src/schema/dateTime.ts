/**
 * A datetime-local input's 'yyyy-MM-ddThh:mm' (the user's wall clock) as the ISO 8601 instant the
 * API stores ('date-time' needs a time zone). Empty stays null; anything unreadable is kept so
 * validation names it.
 */
export function localDateTimeToIso(value: string | null | undefined): string | null {
  if (value == null || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
