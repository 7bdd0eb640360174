/**
 * The render stage: an alarm's words for one receiver's language, for every channel. Pure (the
 * same input gives the same words), so an escalation reminder or a delivery job with the street
 * address renders it again the same way.
 */

import type { Db } from '../db/database';
import { buttonHtml, factsHtml, mailDocument, paragraphsHtml } from '../mail/html';
import { escapeHtml } from '../mail/user-text';
import { translate } from '../localization/texts';
import { readSettings } from '../settings/settings';
import { DEFAULT_LANGUAGE, findLanguage } from '../../common/languages';
import { textKeysOf } from '../../common/alarm-kinds';
import { describePlace, formatNumber, placeFromAttributes, type PlaceFacts, type PlaceWords } from './place';
import type { AlarmEvent } from './event';
import type { Receiver } from './receivers';
import { formatWithZone } from '../../common/dates';
import { alarmTemplate, fillTemplate, loadTenantTexts, type TenantTexts, type TextValues } from './texts';

export interface RenderAlarmInput {
  event: Pick<AlarmEvent, 'id' | 'deviceName' | 'type' | 'time' | 'tenantId' | 'attributes'>;
  receiver: Pick<Receiver, 'language'>;
  texts: TenantTexts;
  /** IANA name of the tenant's time zone (Abp.Timing.TimeZone); an unknown one is told in UTC. */
  timeZone: string;
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
  /** The street address when a geocoder found one (rendered in the delivery jobs, never in the ingest). */
  address?: string | null;
}

export interface RenderedAlarm {
  /** Mail subject, push title, in-app subject. */
  subject: string;
  /** Plain text: the mail's text part. */
  text: string;
  /**
   * The in-app message body: `text` without the sentence with the link that was added after the
   * template's text, as the dashboard shows each alarm with its own button to the map (a tenant's
   * text that places {{link}} itself keeps it).
   */
  inAppText: string;
  /** The HTML mail, every typed value escaped. */
  html: string;
  /** One line for SMS and push bodies: type, watch, time (no link; add `link`). */
  short: string;
  /** Opens the dashboard at this alarm. */
  link: string;
  place: PlaceWords & { facts: PlaceFacts | null; address: string | null };
}

/** The dashboard link of an alarm. */
export const alarmLink = (publicUrl: string, eventId: string) => `${publicUrl.replace(/\/+$/, '')}/dashboard?alarm=${encodeURIComponent(eventId)}`;

const attr = (event: RenderAlarmInput['event'], name: string) => event.attributes[name];

/** The values an alarm's texts are filled with, in one language. */
function valuesOf(input: RenderAlarmInput, culture: string, place: PlaceWords, link: string): TextValues {
  const { event, timeZone } = input;
  const battery = attr(event, 'battery');
  const lastFix = attr(event, 'lastFix') ?? attr(event, 'lastSeen');
  const lastFixTime = typeof lastFix === 'string' ? new Date(lastFix) : null;
  return {
    device: event.deviceName,
    zone: String(attr(event, 'geofenceName') ?? attr(event, 'placeZone') ?? ''),
    time: formatWithZone(event.time, timeZone),
    // As reported: 19.8 is 19.8, not 20.
    battery: typeof battery === 'number' && Number.isFinite(battery) ? formatNumber(battery, culture, 1) : '',
    since: lastFixTime && Number.isFinite(lastFixTime.getTime()) ? formatWithZone(lastFixTime, timeZone) : '',
    place: place.place,
    distance: place.distance,
    link,
  };
}

const usesPlaceholder = (template: string, name: string) => new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(template);

/**
 * An alarm rendered for one receiver, for every channel: mail (subject, text, html), in-app
 * (subject, text), push and SMS (short, link). Pure: the same input gives the same words, so a
 * re-send (escalation) or a delivery job with the address renders it again the same way. The
 * texts are the tenant's own (alarm-texts) or the product's, in the receiver's language; where a
 * text does not place {{place}} or {{link}} itself, they are added after it.
 */
export function renderAlarm(input: RenderAlarmInput): RenderedAlarm {
  const { event, receiver, texts, publicUrl } = input;
  const culture = (findLanguage(receiver.language) ?? DEFAULT_LANGUAGE).cultureName;
  const t = (key: string, values: Record<string, string | number> = {}) => translate(`tracking:${key}`, culture, values);
  const facts = placeFromAttributes(event.attributes);
  const address = input.address?.trim() || null;
  const place = describePlace(facts, culture, t, address);
  const link = alarmLink(publicUrl, event.id);
  const values = valuesOf(input, culture, place, link);
  const template = alarmTemplate(texts, event.tenantId, event.type, culture);

  const subject = fillTemplate(template.subject, values).replace(/\s+/g, ' ').trim();
  const body = fillTemplate(template.body, values);
  const placeInBody = usesPlaceholder(template.body, 'place');
  const linkInBody = usesPlaceholder(template.body, 'link');
  const inAppText = [body, placeInBody ? '' : t('alarm.where', { place: place.place })].filter(Boolean).join('\n\n');
  const text = [inAppText, linkInBody ? '' : t('alarm.open', { link })].filter(Boolean).join('\n\n');

  // HTML: the template escaped, then filled with escaped values (a device called <script> is text).
  const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)])) as TextValues;
  const bodyHtml = fillTemplate(escapeHtml(template.body), escaped)
    .split(/\n{2,}/)
    .map((p) => `<p style="margin: 0 0 12px;">${p.trim().replace(/\n/g, '<br>')}</p>`)
    .join('');
  const facts_ = factsHtml([
    { label: t('alarm.labels.time'), text: values.time },
    ...(event.type === 'offline' && values.since ? [{ label: t('alarm.labels.since'), text: values.since }] : []),
    ...(event.type === 'lowBattery' && values.battery ? [{ label: t('alarm.labels.battery'), text: t('alarm.batteryValue', { battery: values.battery }) }] : []),
    ...(address ? [{ label: t('alarm.labels.address'), text: address }] : []),
    ...(place.distance ? [{ label: t('alarm.labels.distance'), text: place.distance }] : []),
    { label: t('alarm.labels.position'), text: place.coordinates || place.place },
  ]);
  const html = mailDocument({ language: culture, title: subject, html: `${bodyHtml}${facts_}${buttonHtml(link, t('alarm.openButton'))}${paragraphsHtml(t('alarm.linkFallback', { link }))}` });

  const short = t('alarm.short', { type: translate(textKeysOf(event.type).name, culture), device: values.device, time: values.time });
  return { subject, text, inAppText, html, short, link, place: { ...place, facts, address } };
}

/** "Reminder n: subject" for the n-th escalation reminder (n > 0); the subject itself for the alarm. */
export const reminderSubject = (subject: string, reminder: number, language: string) => (reminder > 0 ? translate('devices:escalation.reminderSubject', language, { n: reminder, subject }) : subject);

/** What rendering needs of a batch's tenants: their own alarm texts and time zones, read once. */
export interface RenderContext {
  texts: TenantTexts;
  timeZones: Map<string | null, string>;
}

/** Time zones (Abp.Timing.TimeZone) of tenants, 'UTC' where none is set. */
export async function timeZonesOf(db: Db, tenantIds: readonly (string | null)[]): Promise<Map<string | null, string>> {
  const unique = [...new Set(tenantIds)];
  const zones = await Promise.all(unique.map(async (t) => [t, (await readSettings(db, t))['Abp.Timing.TimeZone'] || 'UTC'] as const));
  return new Map(zones);
}

export async function loadRenderContext(db: Db, tenantIds: readonly (string | null)[]): Promise<RenderContext> {
  const [texts, timeZones] = await Promise.all([loadTenantTexts(db, tenantIds), timeZonesOf(db, tenantIds)]);
  return { texts, timeZones };
}
