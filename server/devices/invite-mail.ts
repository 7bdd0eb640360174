import { translate } from '../localization/texts';
import type { OutgoingMail } from '../mail';
import { escapeHtml, typed, wrappingBody } from '../mail/user-text';
import { ALARM_TYPES, textKeysOf } from '../../common/alarm-kinds';

/**
 * The mail telling a user they now receive a device's alarms, in the receiver's language. The
 * names (the receiver's, the inviter's, the device's) are what people typed: quoted, shortened,
 * links defanged (server/mail/user-text.ts); the only link is Vigil's own. It lists every alarm
 * the receiver will get (every kind in common/alarm-kinds.ts).
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
  // Every alarm a receiver gets (the event types that reach receivers), one per line.
  const alarms = ALARM_TYPES.map((type) => translate(textKeysOf(type).invitation, input.language, values));
  const lines = [t('greeting'), '', t('body'), t('what'), ...alarms.map((a) => `- ${a}`), '', t('stop'), '', `${t('open')}: ${input.url}`];
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html =
    [t('greeting'), t('body'), t('what')].map(p).join('') +
    `<ul>${alarms.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` +
    p(t('stop')) +
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(t('open'))}</a></p>`;
  return { to: input.to, subject: t('subject'), text: lines.join('\n'), html: wrappingBody(html), tenantId: input.tenantId };
}
