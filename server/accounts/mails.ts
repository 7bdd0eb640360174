import type { OutgoingMail } from '../mail';
import { translate } from '../localization/texts';

/** The mails of this module, each in the receiver's language (profile:mail.<kind>.*). */
export type MailKind = 'registration' | 'transfer' | 'transferDone' | 'emailChanged';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A plain-text and an HTML body from the same texts: greeting, body, the link (when there is one)
 * with its action label, and a closing line. Values are escaped in the HTML.
 */
export function accountMail(kind: MailKind, lang: string, to: string, values: Record<string, string | number>, link?: string): OutgoingMail {
  const t = (part: string) => translate(`profile:mail.${kind}.${part}`, lang, values);
  const greeting = translate('profile:mail.greeting', lang, values);
  const closing = translate('profile:mail.closing', lang);
  const paragraphs = [t('body'), ...(link ? [t('note')] : [])];
  const text = [greeting, ...paragraphs, ...(link ? [`${t('action')}: ${link}`] : []), closing].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t('action'))}</a></p><p>${escapeHtml(link)}</p>`] : []),
    `<p>${escapeHtml(closing)}</p>`,
  ].join('\n');
  return { to, subject: t('subject'), text, html };
}
