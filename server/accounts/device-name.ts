import Bowser from 'bowser';

/**
 * A short, readable description of the browser a sign-in or passkey was made in ("Chrome on
 * Android"), from its User-Agent, read with bowser.
 */
export interface DeviceName {
  browser: string | null;
  os: string | null;
  /** "Browser on system", one of them, or null when neither is known. */
  description: string | null;
}

/** bowser's longer names, as people say them. */
const SHORT: Record<string, string> = { 'Microsoft Edge': 'Edge', 'Chromium': 'Chrome', 'Internet Explorer': 'Internet Explorer' };

export function deviceName(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return { browser: null, os: null, description: null };
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name ? (SHORT[parsed.browser.name] ?? parsed.browser.name) : null;
  const os = parsed.os.name || null;
  const description = browser && os ? `${browser} on ${os}` : (browser ?? os);
  return { browser, os, description };
}
