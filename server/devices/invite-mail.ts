import { translate } from '../localization/texts';
import type { OutgoingMail } from '../mail';
import { escapeHtml, typed, wrappingBody } from '../mail/user-text';

/**
 * The mail telling a user they now receive a device's alarms, in the receiver's language. The
 * names (the receiver's, the inviter's, the device's) are what people typed: quoted, shortened,
 * links defanged (server/mail/user-text.ts); the only link is Vigil's own.
 */
export function receiverInviteMail(input: {
  to: string;
  language: string;
  receiverName: string;
  inviterName: string;
  deviceName: string;
  url: string;
  tenantId: string | null;
}): OutgoingMail {
  const values = { name: typed(input.receiverName), inviter: typed(input.inviterName), device: typed(input.deviceName) };
  const t = (key: string) => translate(`devices:inviteMail.${key}`, input.language, values);
  const lines = [t('greeting'), '', t('body'), t('what'), '', t('stop'), '', `${t('open')}: ${input.url}`];
  const html = [t('greeting'), t('body'), t('what'), t('stop')].map((line) => `<p>${escapeHtml(line)}</p>`).join('') + `<p><a href="${escapeHtml(input.url)}">${escapeHtml(t('open'))}</a></p>`;
  return { to: input.to, subject: t('subject'), text: lines.join('\n'), html: wrappingBody(html), tenantId: input.tenantId };
}
