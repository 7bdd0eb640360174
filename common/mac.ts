/**
 * Wi-Fi MAC addresses as the product stores them: upper-case hex pairs joined by ':'
 * ('AA:BB:CC:DD:EE:FF'), whatever separators or case staff type or a watch reports.
 */

/** Lenient, for typing in a form: keeps what was typed so far, at most 12 hex digits. */
export function normalizeMac(input: string | null | undefined): string | null {
  if (input == null) return null;
  const hex = input.replace(/[^0-9a-f]/gi, '').toUpperCase().slice(0, 12);
  if (hex === '') return null;
  return hex.match(/.{1,2}/g)!.join(':');
}

/** Strict, for lookups: the stored form of a complete address, or null when it is not one. */
export function parseMac(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[0-9a-f]{2}([:.-]?[0-9a-f]{2}){5}$/i.test(trimmed) && !/^([0-9a-f]{4}\.){2}[0-9a-f]{4}$/i.test(trimmed)) return null;
  return normalizeMac(trimmed);
}
