/** Reading a watch's comma-separated text the way Traccar's Java does, without throwing. */

/** Java's String.split(","): trailing empty values are dropped (a text without ',' stays one value). */
export function splitValues(text: string): string[] {
  if (!text.includes(',')) return [text];
  const values = text.split(',');
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return values;
}

/** Java's Integer.parseInt: an optional sign and digits of the radix, within 32 bits; else null. */
export function javaInt(value: string | undefined, radix: 10 | 16 = 10): number | null {
  if (value === undefined || !(radix === 10 ? /^[+-]?\d{1,10}$/ : /^[+-]?[0-9a-fA-F]{1,8}$/).test(value)) return null;
  const n = Number.parseInt(value, radix);
  return n >= -0x80000000 && n <= 0x7fffffff ? n : null;
}

/** Java's Double.parseDouble for the decimals watches write; else null. */
export function javaDouble(value: string | undefined): number | null {
  if (value === undefined || !/^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) return null;
  return Number(value);
}

/** Traccar's StringUtil.containsHex: whether the text holds a hex letter. */
export const containsHex = (value: string) => /[a-fA-F]/.test(value);
