import { DEFAULT_LANGUAGE, findLanguage } from '../../../common/languages';
import { textKeysOf, type AlarmType } from '../../../common/alarm-kinds';
import { translate } from '../../localization/texts';
import { alarmLink } from '../render';
import { formatWithZone } from '../../../common/dates';

/** One SMS: 160 characters of the GSM 03.38 alphabet (an extension character counts twice). */
export const SMS_LIMIT = 160;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const basic = new Set([...GSM_BASIC]);
const extended = new Set([...GSM_EXTENDED]);

/** Length in GSM-7 septets, or null when the text has a character outside the GSM alphabet. */
export function gsmLength(text: string): number | null {
  let n = 0;
  for (const c of text) {
    if (basic.has(c)) n += 1;
    else if (extended.has(c)) n += 2;
    else return null;
  }
  return n;
}

/**
 * A name in the GSM alphabet: accents the alphabet lacks dropped (ô to o), typographic quotes and
 * dashes made plain, anything else (an emoji) left out. A watch name never forces the whole
 * message into UCS-2, which would leave 70 characters.
 */
export function toGsm(text: string): string {
  let out = '';
  for (const c of text.replace(/[‘’‚‛]/g, "'").replace(/[“”„‟]/g, '"').replace(/[‐‑‒–—―]/g, '-').replace(/…/g, '...')) {
    if (basic.has(c) || extended.has(c)) out += c;
    else {
      const plain = c.normalize('NFD').replace(/\p{M}/gu, '');
      for (const p of plain) if (basic.has(p) || extended.has(p)) out += p;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

export interface AlarmSmsInput {
  type: AlarmType;
  deviceName: string;
  time: Date;
  /** IANA time zone of the tenant. */
  timeZone: string;
  language: string;
  /** The dashboard link (alarmLink), or publicUrl and eventId to make it. */
  link?: string;
  publicUrl?: string;
  eventId?: string;
}

/**
 * An alarm as one short SMS: type, watch name, time with its zone, and the dashboard link, e.g.
 * "SOS alarm: Mum's watch, 14:05 CET - 24/11/26 https://vigil.example/dashboard?alarm=…". At most
 * 160 GSM characters where the link allows: the watch name is shortened first, then the type and
 * time lose their words; the link is never cut (a cut link opens nothing).
 */
export function renderAlarmSms(input: AlarmSmsInput): string {
  const culture = (findLanguage(input.language) ?? DEFAULT_LANGUAGE).cultureName;
  const link = input.link ?? alarmLink(input.publicUrl ?? '', input.eventId ?? '');
  const type = toGsm(translate(textKeysOf(input.type).name, culture));
  const time = toGsm(formatWithZone(input.time, input.timeZone));
  const device = toGsm(input.deviceName) || '-';
  const line = (name: string) => toGsm(translate('tracking:alarm.short', culture, { type, device: name, time }));
  const fits = (text: string) => (gsmLength(`${text} ${link}`) ?? Infinity) <= SMS_LIMIT;
  let text = line(device);
  if (fits(text)) return `${text} ${link}`;
  // Shorten the name, keeping at least a few characters of it.
  const chars = [...device];
  for (let n = chars.length - 1; n >= 4; n--) {
    text = line(`${chars.slice(0, n).join('')}...`);
    if (fits(text)) return `${text} ${link}`;
  }
  text = `${chars.slice(0, 4).join('')}... ${time}`;
  if (fits(text)) return `${text} ${link}`;
  return `${type} ${link}`;
}
