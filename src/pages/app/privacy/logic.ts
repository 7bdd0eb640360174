import type { PrivacyExport } from './api';

/** Pure rules of the privacy panels (tested in tests/unit/privacy-logic.test.ts). */

/** The typed confirmation matches the preview's text, spacing aside (as the server compares it). */
export function confirmationMatches(typed: string, expected: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ');
  return expected.trim() !== '' && norm(typed) === norm(expected);
}

/** Whether the export is still being made (the panel keeps asking). */
export const exportPending = (record: Pick<PrivacyExport, 'state'> | undefined): boolean => record?.state === 'queued' || record?.state === 'running';

/** How often the panel asks for progress while the export is made. */
export const EXPORT_POLL_MS = 1000;

/** Bytes as people read them (1 decimal above a kilobyte). */
export function fileSize(bytes: number | null | undefined, locale = 'en'): string {
  if (!bytes) return '0 B';
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** The kinds of a preview group with something in them, largest first. */
export function nonEmptyKinds(group: Record<string, number> | undefined): [string, number][] {
  return Object.entries(group ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
}
