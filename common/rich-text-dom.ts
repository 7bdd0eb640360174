import createDOMPurify, { type WindowLike } from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROP_CONTENT, RICH_TEXT_LINK, RICH_TEXT_TAGS, richTextAttributeAllowed, richTextUrlAllowed } from './rich-text';

export type RichTextSanitizer = (html: string) => string;

const URL_ATTRIBUTES = ['href', 'src'];

/**
 * The allow-list of common/rich-text.ts with DOMPurify on a window (the browser's own): used where
 * the web app shows rich text, so text stored before the server cleaned it is harmless too.
 */
export function createRichTextSanitizer(window: WindowLike): RichTextSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!richTextAttributeAllowed(tag, data.attrName)) data.keepAttr = false;
    else if (URL_ATTRIBUTES.includes(data.attrName) && !richTextUrlAllowed(tag, data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      for (const [name, value] of Object.entries(RICH_TEXT_LINK)) {
        if (node.hasAttribute('href')) node.setAttribute(name, value);
        else node.removeAttribute(name);
      }
    } else if (node.nodeName === 'IMG' && !node.hasAttribute('src')) {
      node.parentNode?.removeChild(node);
    }
  });
  const config = {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
    ADD_FORBID_CONTENTS: [...RICH_TEXT_DROP_CONTENT],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  };
  return (html) => purify.sanitize(html, config);
}
