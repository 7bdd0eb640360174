import { translate } from '../localization/texts';
import type { OutgoingMail } from '../mail';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail telling a user they now receive a device's alarms, in the receiver's language. */
export function receiverInviteMail(input: {
  to: string;
  language: string;
  receiverName: string;
  inviterName: string;
  deviceName: string;
  url: string;
  tenantId: string | null;
}): OutgoingMail {
  const values = { name: input.receiverName, inviter: input.inviterName, device: input.deviceName };
  const t = (key: string) => translate(`devices:inviteMail.${key}`, input.language, values);
  const lines = [t('greeting'), '', t('body'), t('what'), '', t('stop'), '', `${t('open')}: ${input.url}`];
  const html = [t('greeting'), t('body'), t('what'), t('stop')].map((line) => `<p>${escapeHtml(line)}</p>`).join('') + `<p><a href="${escapeHtml(input.url)}">${escapeHtml(t('open'))}</a></p>`;
  return { to: input.to, subject: t('subject'), text: lines.join('\n'), html, tenantId: input.tenantId };
}
