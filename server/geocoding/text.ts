const MAX_TEXT = 200;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/**
 * A geocoder's text as Vigil shows and sends it: control and direction-changing characters out,
 * spaces collapsed, at most 200 characters (an ellipsis marks a cut); '' when it is no text.
 */
export function cleanText(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim() : '';
  const chars = [...text];
  return chars.length > MAX_TEXT ? `${chars.slice(0, MAX_TEXT - 1).join('')}…` : text;
}
