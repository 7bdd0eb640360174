import { escapeHtml, wrappingBody } from './user-text';

/**
 * Small HTML mail layouts. Every argument named `text` is plain text and escaped here; only
 * arguments named `html` are taken as markup, and callers build those from escaped parts.
 */

/** Plain text as paragraphs: blank lines part paragraphs, single line breaks stay breaks. */
export function paragraphsHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin: 0 0 12px;">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A link shown as a button (a plain link in mail programs that drop the styles). Only http(s) URLs. */
export function buttonHtml(url: string, text: string): string {
  if (!/^https?:\/\//i.test(url)) return `<p>${escapeHtml(text)}</p>`;
  return `<p style="margin: 16px 0;"><a href="${escapeHtml(url)}" style="display: inline-block; padding: 10px 18px; background: #1565c0; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(text)}</a></p>`;
}

/** A label and value table (facts of an alarm), values as plain text. */
export function factsHtml(rows: readonly { label: string; text: string }[]): string {
  const shown = rows.filter((r) => r.text.trim() !== '');
  if (shown.length === 0) return '';
  return `<table role="presentation" style="border-collapse: collapse; margin: 0 0 12px;">${shown
    .map((r) => `<tr><th scope="row" style="text-align: left; padding: 2px 12px 2px 0; vertical-align: top;">${escapeHtml(r.label)}</th><td style="padding: 2px 0;">${escapeHtml(r.text)}</td></tr>`)
    .join('')}</table>`;
}

/** A whole mail document: language, title, a heading and the body markup. */
export function mailDocument(input: { language: string; title: string; html: string }): string {
  const lang = escapeHtml(input.language);
  const title = escapeHtml(input.title);
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.4; color: #1a1a1a;">${wrappingBody(`<h1 style="font-size: 19px; margin: 0 0 12px;">${title}</h1>${input.html}`)}</body></html>`;
}
