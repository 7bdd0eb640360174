/** The proxies whose X-Forwarded-For is believed: none, a hop count, or their addresses / CIDR ranges. */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY: off (default), a hop count, or comma-separated addresses/CIDRs ('loopback' etc. too). */
export function trustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  // Trusting every caller is what this setting exists to prevent: refuse rather than guess.
  if (['true', 'yes', 'on', '*'].includes(text.toLowerCase())) throw new Error('TRUST_PROXY must be a hop count or the proxies\' addresses, not "true"');
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((a) => a.trim()).filter(Boolean);
}
