import { MAX_ATTRIBUTE_KEY, MAX_ATTRIBUTE_TEXT, MAX_ATTRIBUTES } from '../attributes';
import type { AttributeValue } from '../types';

/** A frame's text as it can be stored: control characters (NUL padding above all: PostgreSQL keeps no NUL) left out, bounded. */
export const storableText = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_ATTRIBUTE_TEXT);

/** Sets an attribute within the ingest's bounds (OsmAnd's): a new key past MAX_ATTRIBUTES is left out, a text is made storable. */
export function putAttribute(attributes: Record<string, AttributeValue>, key: string, value: AttributeValue): void {
  if (key.length > MAX_ATTRIBUTE_KEY) return;
  if (!Object.hasOwn(attributes, key) && Object.keys(attributes).length >= MAX_ATTRIBUTES) return;
  attributes[key] = typeof value === 'string' ? storableText(value) : value;
}
