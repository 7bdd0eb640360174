import { sql, type Kysely } from 'kysely';
import sanitizeHtml, { type IOptions } from 'sanitize-html';

// The rich-text allow-list as common/rich-text.ts and server/schema-engine/rich-text.ts had it when
// this was written, frozen here: a later change to the live list is not a change to this migration.
const TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr', 'img'];
const URL_SCHEMES: Record<string, string[]> = { a: ['http', 'https', 'mailto'], img: ['http', 'https'] };
const DROP_CONTENT = ['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'title', 'textarea', 'select', 'option', 'svg', 'math', 'head'];
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

function urlAllowed(tag: string, url: string): boolean {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(HIDDEN, ''));
  return !!match?.[1] && (URL_SCHEMES[tag] ?? []).includes(match[1].toLowerCase());
}

function withCheckedUrl(tag: string, attribute: string) {
  return (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    const { [attribute]: url, target: _target, rel: _rel, ...rest } = attribs;
    if (url === undefined || !urlAllowed(tag, url)) return { tagName, attribs: rest };
    return { tagName, attribs: { [attribute]: url, ...rest, ...(tag === 'a' ? { target: '_blank', rel: 'noopener noreferrer' } : {}) } };
  };
}

const OPTIONS: IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'] },
  allowedSchemes: [],
  allowedSchemesByTag: URL_SCHEMES,
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_CONTENT,
  transformTags: { a: withCheckedUrl('a', 'href'), img: withCheckedUrl('img', 'src') },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Rich text stored before the server cleaned it on write keeps only the shared allow-list
 * (common/rich-text.ts). The guides' body was then the only rich-text field; a new install has no
 * guides table yet (the schema engine makes it after the migrations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ name: string | null }>`select to_regclass('guides')::text as name`.execute(db);
  if (!table.rows[0]?.name) return;
  const rows = await sql<{ id: string; body: string | null }>`select id, body from guides`.execute(db);
  for (const row of rows.rows) {
    if (row.body === null) continue;
    const clean = sanitizeHtml(row.body, OPTIONS);
    if (clean !== row.body) await sql`update guides set body = ${clean} where id = ${row.id}`.execute(db);
  }
}
