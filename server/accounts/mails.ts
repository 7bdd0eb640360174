import type { OutgoingMail } from '../mail';
import { escapeHtml, typed, typedAddress, wrappingBody } from '../mail/user-text';
import { translate } from '../localization/texts';

/** The mails of this module, each in the receiver's language (profile:mail.<kind>.*). */
export type MailKind = 'registration' | 'accountExists' | 'transfer' | 'transferDone' | 'emailChanged' | 'passwordReset';

/**
 * Values put into a mail's texts. Strings are what people typed (names, addresses): they appear
 * quoted, shortened and with links defanged (server/mail/user-text.ts); keys ending in "email" are
 * addresses. Numbers are Vigil's own (hours, counts).
 */
export type MailValues = Record<string, string | number>;

const asData = (values: MailValues): Record<string, string | number> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? v : /email$/i.test(k) ? typedAddress(v) : typed(v)]));

export interface MailOptions {
  /** Vigil's own link (never built from typed text), with the kind's action label. */
  link?: string;
  /** Typed values shown in a block of their own, each under its profile:fields label (SPEC: kept visibly as data). */
  entered?: Record<string, string>;
}

/**
 * A plain-text and an HTML body from the same texts: greeting, body, what was entered (when
 * given), the link (when there is one) with its action label, and a closing line. Everything is
 * escaped in the HTML; the only link is Vigil's own.
 */
export function accountMail(kind: MailKind, lang: string, to: string, values: MailValues, options: MailOptions = {}): OutgoingMail {
  const data = asData(values);
  const t = (part: string) => translate(`profile:mail.${kind}.${part}`, lang, data);
  const { link, entered } = options;
  const greeting = 'name' in values ? translate('profile:mail.greeting', lang, data) : translate('profile:mail.greetingPlain', lang);
  const closing = translate('profile:mail.closing', lang);
  const paragraphs = [t('body'), ...(link ? [t('note')] : [])];
  const enteredLines = Object.entries(entered ?? {}).map(([field, value]) => `${translate(`profile:fields.${field}`, lang)}: ${typed(value)}`);
  const enteredTitle = translate('profile:mail.entered', lang);
  const text = [
    greeting,
    ...paragraphs,
    ...(enteredLines.length ? [[enteredTitle, ...enteredLines.map((l) => `> ${l}`)].join('\n')] : []),
    ...(link ? [`${t('action')}: ${link}`] : []),
    closing,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(enteredLines.length ? [`<p>${escapeHtml(enteredTitle)}</p><blockquote>${enteredLines.map(escapeHtml).join('<br>')}</blockquote>`] : []),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t('action'))}</a></p><p>${escapeHtml(link)}</p>`] : []),
    `<p>${escapeHtml(closing).replace(/\n/g, '<br>')}</p>`,
  ].join('\n');
  return { to, subject: t('subject'), text, html: wrappingBody(html) };
}
