/**
 * The one allow-list for rich text (`x-widget: richtext`, e.g. a guide's body). The server keeps
 * only this when it stores rich text (sanitize-html, server/schema-engine/rich-text.ts) and the
 * web app keeps only this when it shows rich text (DOMPurify, common/rich-text-dom.ts).
 *
 * Everything else goes: no style (a `<style>` can blank the page for every reader), script, form,
 * input, iframe, object, embed, svg or math, no `on*`, `style`, `class` or `id` attributes, no
 * `javascript:`, `data:` or relative URLs. Text inside a removed element stays, except inside the
 * elements of RICH_TEXT_DROP_CONTENT.
 */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'a', 'ul', 'ol', 'li',
  'h1', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr', 'img',
];

/** Attributes kept, per tag; `target` and `rel` of links are set, never taken from the input. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title'],
};

/**
 * URL schemes per tag and attribute. Links: web and mail addresses. Images: web addresses only;
 * `data:` images would bloat the text past its size limit and may carry SVG.
 */
export const RICH_TEXT_URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  a: ['http', 'https', 'mailto'],
  img: ['http', 'https'],
};

/** Every link opens in a new tab that cannot reach back to this page. */
export const RICH_TEXT_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Elements whose text goes with them. */
export const RICH_TEXT_DROP_CONTENT: readonly string[] = [
  'script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'noembed', 'noframes',
  'xmp', 'plaintext', 'title', 'textarea', 'select', 'option', 'svg', 'math', 'head',
];

/** Whitespace and control characters, which browsers skip or which hide a scheme (`java\tscript:`). */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** Whether a tag's URL attribute (href, src) may keep this value: an allowed scheme, written out. */
export function richTextUrlAllowed(tag: string, url: string): boolean {
  const schemes = RICH_TEXT_URL_SCHEMES[tag] ?? [];
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(HIDDEN, ''));
  return !!match?.[1] && schemes.includes(match[1].toLowerCase());
}

export function richTextAttributeAllowed(tag: string, attribute: string): boolean {
  return RICH_TEXT_ATTRIBUTES[tag]?.includes(attribute) ?? false;
}
