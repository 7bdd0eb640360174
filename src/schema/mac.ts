/**
 * MAC addresses as the server stores and compares them (unique per tenant): upper-case hex pairs
 * joined by colons. Applied while typing, so 'aabb.ccdd-eeff' becomes 'AA:BB:CC:DD:EE:FF'.
 */
export function normalizeMac(input: string | null | undefined): string | null {
  if (input == null) return null;
  const hex = input.replace(/[^0-9a-f]/gi, '').toUpperCase().slice(0, 12);
  if (hex === '') return null;
  return hex.match(/.{1,2}/g)!.join(':');
}
