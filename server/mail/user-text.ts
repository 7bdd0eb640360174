/**
 * Text a person typed (a name, a device name, an address) as it may appear in a mail: as data,
 * never as the mail's own words. One line, control characters removed, at most MAX_TYPED
 * characters, links defanged (`hxxp[://]evil[.]example`, `www[.]…`) so no mail program makes them
 * clickable, and wrapped in quotation marks so a reader sees where it starts and ends. HTML bodies
 * escape it as well (escapeHtml).
 */
export const MAX_TYPED = 64;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;
/** Anything a mail program could turn into a link: a scheme, a www. name, a dotted host name. */
const SCHEME = /\b([a-z][a-z0-9+.-]*):\/\//gi;
const DOTTED = /([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-])/gu;

export function defang(text: string): string {
  return text
    .replace(SCHEME, (_m, scheme: string) => `${scheme.replace(/^http/i, (h) => (h === 'HTTP' ? 'HXXP' : 'hxxp'))}[://]`)
    .replace(DOTTED, '$1[.]');
}

/** A typed value shortened to MAX_TYPED characters (an ellipsis marks the cut), on one line. */
export function clip(text: string, max = MAX_TYPED): string {
  const line = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** A typed value ready for a mail: clipped, defanged and quoted. */
export const typed = (text: string) => `“${defang(clip(text))}”`;

/** An e-mail address typed by a person: clipped and quoted, not defanged (it is an address, not a link). */
export const typedAddress = (text: string) => `“${clip(text, 256)}”`;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An HTML mail body whose long unbroken words (a typed name without spaces, a long link) wrap in
 * the reader's mail program instead of widening the mail past the window.
 */
export const wrappingBody = (html: string) => `<div style="word-break: break-word; overflow-wrap: anywhere;">${html}</div>`;
