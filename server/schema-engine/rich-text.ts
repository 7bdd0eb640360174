import sanitizeHtml, { type IOptions } from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROP_CONTENT,
  RICH_TEXT_LINK,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_SCHEMES,
  richTextUrlAllowed,
} from '../../common/rich-text';
import type { PropertySchema } from '../../common/schema/types';

/**
 * Drops a URL attribute the shared allow-list refuses (sanitize-html alone keeps relative URLs) and
 * sets a kept link's target and rel, in one order, so cleaning clean text changes nothing.
 */
function withCheckedUrl(tag: string, attribute: string) {
  return (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    const { [attribute]: url, target: _target, rel: _rel, ...rest } = attribs;
    if (url === undefined || !richTextUrlAllowed(tag, url)) return { tagName, attribs: rest };
    return { tagName, attribs: { [attribute]: url, ...rest, ...(tag === 'a' ? RICH_TEXT_LINK : {}) } };
  };
}

/** The allow-list of common/rich-text.ts in sanitize-html's terms. */
const OPTIONS: IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [],
  allowedSchemesByTag: Object.fromEntries(Object.entries(RICH_TEXT_URL_SCHEMES).map(([tag, schemes]) => [tag, [...schemes]])),
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROP_CONTENT],
  transformTags: { a: withCheckedUrl('a', 'href'), img: withCheckedUrl('img', 'src') },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Rich text as stored: only the shared allow-list's tags, attributes and URLs. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * A value with every `x-widget: richtext` string in it sanitised, at any depth (objects and arrays
 * of objects); anything else is returned as it is, for validation to judge.
 */
export function sanitizeRichTextIn(property: PropertySchema, value: unknown): unknown {
  if (property['x-widget'] === 'richtext') return typeof value === 'string' ? sanitizeRichText(value) : value;
  if (Array.isArray(value) && property.items) {
    const items = property.items;
    return value.map((item) => sanitizeRichTextIn(items, item));
  }
  if (value && typeof value === 'object' && property.properties) {
    const nested = property.properties;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, nested[key] ? sanitizeRichTextIn(nested[key], v) : v]));
  }
  return value;
}
