import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { arrayLiteral } from '../db/unnest';
import { keepDaysOf } from '../history/keep-days';
import { queueMails, type OutgoingMail } from '../mail';
import { buttonHtml, factsHtml, mailDocument, paragraphsHtml } from '../mail/html';
import { escapeHtml } from '../mail/user-text';
import { translate } from '../localization/texts';
import { readSettings } from '../settings/settings';
import { DEFAULT_LANGUAGE, findLanguage } from '../../common/languages';
import { describePlace, formatNumber, placeFromAttributes, type PlaceFacts, type PlaceWords } from './place';
import type { AlarmChannel } from '../jobs';
import { receiversOf, type Receiver } from './receivers';
import { queueDeliveries } from './delivery';
import { scheduleEscalations } from './escalation';
import { alarmTemplate, fillTemplate, formatWithZone, loadTenantTexts, type AlarmType, type TenantTexts, type TextValues } from './texts';

/** The LISTEN/NOTIFY channel live alarms travel on between API nodes. */
export const ALARM_CHANNEL = 'vigil_alarms';

/** What a notification on ALARM_CHANNEL carries: the event and the users with a new message. */
export interface AlarmNotice {
  e: string;
  u: string[];
}

/**
 * An alarm event. Attributes the texts use: geofenceName (exit, entry), battery (low battery, the
 * level as reported), lastFix (offline, ISO time of the last position), and the place facts the
 * evaluation adds (latitude, longitude, accuracy, distance, bearing, placeZone; server/alarms/place.ts).
 */
export interface AlarmEvent {
  id: string;
  tenantId: string | null;
  deviceId: string;
  deviceName: string;
  type: AlarmType;
  time: Date;
  positionId?: string | null;
  geofenceId?: string | null;
  attributes: Record<string, string | number | boolean | null>;
}

/** A receiver as notifyReceivers takes it, with the channels the device's owner chose (receivers.ts). */
export type AlarmReceiver = Pick<Receiver, 'deviceId' | 'userId' | 'email' | 'language' | 'channels' | 'phone'>;

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

  const short = t('alarm.short', { type: t(`types.${event.type}`), device: values.device, time: values.time });
  return { subject, text, inAppText, html, short, link, place: { ...place, facts, address } };
}

/** Time zones (Abp.Timing.TimeZone) of tenants, 'UTC' where none is set. */
export async function timeZonesOf(db: Db, tenantIds: readonly (string | null)[]): Promise<Map<string | null, string>> {
  const unique = [...new Set(tenantIds)];
  const zones = await Promise.all(unique.map(async (t) => [t, (await readSettings(db, t))['Abp.Timing.TimeZone'] || 'UTC'] as const));
  return new Map(zones);
}

export interface NotifyOptions {
  /** PUBLIC_URL (links in the texts). */
  publicUrl: string;
  /** The tenants' alarm texts and time zones when the caller has them already (else read here, once per batch). */
  texts?: TenantTexts;
  timeZones?: Map<string | null, string>;
  /** An escalation reminder (n > 0): the subject says "Reminder n". */
  reminder?: number;
  /**
   * A geocoder is configured: mails are not queued here but by an `alarm.address` job, which looks
   * up the street address outside this transaction, queues them with it and puts it into the
   * in-app messages (server/alarms/delivery.ts).
   */
  addressLater?: boolean;
}

/** One alarm to one receiver on a channel queued as a job by the caller (push, SMS; mail and the in-app address with a geocoder). */
export interface AlarmDelivery {
  event: AlarmEvent;
  receiver: AlarmReceiver;
  channel: AlarmChannel;
  rendered: RenderedAlarm;
}

export interface NotifyResult {
  /** Whether mail was queued (the caller kicks the mail worker after commit). */
  mailed: boolean;
  /** Users that got an in-app message, by event (the live notices). */
  notices: AlarmNotice[];
  /** Deliveries on the other channels, for the caller to queue as jobs in the same transaction. */
  deliveries: AlarmDelivery[];
}

type MessageRow = { id: string; tenant_id: string | null; user_id: string; event_id: string; device_id: string; type: string; subject: string; body: string; event_time: Date };

/**
 * Alarms the receivers of events inside the caller's transaction: per event and receiver, in the
 * receiver's language, a mail (HTML and text) and an in-app message, and a live notice for open
 * dashboards once the transaction commits. Texts are rendered once per event and language. The
 * statements are per batch, never per event: one insert of mails, one of messages, one notify.
 */
export async function notifyReceivers(trx: Db, events: readonly AlarmEvent[], receiversByDevice: ReadonlyMap<string, readonly AlarmReceiver[]>, opts: NotifyOptions): Promise<NotifyResult> {
  const result: NotifyResult = { mailed: false, notices: [], deliveries: [] };
  if (events.length === 0) return result;
  const tenants = [...new Set(events.map((e) => e.tenantId))];
  const [texts, timeZones] = await Promise.all([opts.texts ?? loadTenantTexts(trx, tenants), opts.timeZones ?? timeZonesOf(trx, tenants)]);

  const mails: OutgoingMail[] = [];
  const messages: MessageRow[] = [];
  for (const e of events) {
    const rendered = new Map<string, RenderedAlarm>();
    const renderFor = (language: string) => {
      let r = rendered.get(language);
      if (!r) {
        r = renderAlarm({ event: e, receiver: { language }, texts, timeZone: timeZones.get(e.tenantId) ?? 'UTC', publicUrl: opts.publicUrl });
        if (opts.reminder) r = { ...r, subject: translate('devices:escalation.reminderSubject', language, { n: opts.reminder, subject: r.subject }) };
        rendered.set(language, r);
      }
      return r;
    };
    const users: string[] = [];
    for (const receiver of receiversByDevice.get(e.deviceId) ?? []) {
      const r = renderFor(receiver.language);
      for (const channel of receiver.channels) {
        if (channel === 'mail') {
          if (opts.addressLater) result.deliveries.push({ event: e, receiver, channel, rendered: r });
          else mails.push({ to: receiver.email, subject: r.subject, text: r.text, html: r.html, tenantId: e.tenantId });
        } else if (channel === 'inApp') {
          if (!receiver.userId) continue;
          messages.push({ id: randomUUID(), tenant_id: e.tenantId, user_id: receiver.userId, event_id: e.id, device_id: e.deviceId, type: e.type, subject: r.subject, body: r.inAppText, event_time: e.time });
          users.push(receiver.userId);
          if (opts.addressLater) result.deliveries.push({ event: e, receiver, channel, rendered: r });
        } else {
          // Push, SMS (and escalation's re-sends): the caller queues them as jobs from `deliveries`.
          result.deliveries.push({ event: e, receiver, channel, rendered: r });
        }
      }
    }
    if (users.length) result.notices.push({ e: e.id, u: users });
  }
  await queueMails(trx, mails);
  if (messages.length) await trx.insertInto('alarm_messages').values(messages).execute();
  // One statement for all of them: a round trip per event held the batch's row locks for long.
  if (result.notices.length) await sql`select pg_notify(${ALARM_CHANNEL}, n) from unnest(${arrayLiteral('text', result.notices.map((n) => JSON.stringify(n)))}::text[]) as n`.execute(trx);
  result.mailed = mails.length > 0;
  return result;
}

/** PUBLIC_URL when a caller passes none (scripts, tests): the environment's, as loadConfig reads it. */
const defaultPublicUrl = () => (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');

/**
 * Records events and alarms their receivers, inside the caller's transaction: the device_events
 * rows, one mail and one in-app message per receiver in the receiver's language, and a
 * notification that open dashboards on every node receive once the transaction commits, push and
 * SMS jobs, and the escalation's first step. Nothing is sent for a change that rolls back, and
 * nothing twice. Returns whether jobs were queued to send now (the caller kicks the worker after commit).
 */
export async function recordEvents(trx: Db, events: readonly AlarmEvent[], opts: Partial<NotifyOptions> = {}): Promise<boolean> {
  if (events.length === 0) return false;
  await trx
    .insertInto('device_events')
    .values(
      events.map((e) => ({
        id: e.id,
        tenant_id: e.tenantId,
        device_id: e.deviceId,
        type: e.type,
        event_time: e.time,
        position_id: e.positionId ?? null,
        geofence_id: e.geofenceId ?? null,
        attributes: JSON.stringify(e.attributes),
        keep_days: keepDaysOf(e.tenantId),
      })),
    )
    .execute();
  const receivers = await receiversOf(trx, [...new Set(events.map((e) => e.deviceId))]);
  const result = await notifyReceivers(trx, events, receivers, { ...opts, publicUrl: opts.publicUrl ?? defaultPublicUrl() });
  // Push and SMS go out as jobs (server/alarms/delivery.ts); an unanswered SOS, fall or exit escalates.
  const queued = await queueDeliveries(trx, result.deliveries);
  await scheduleEscalations(trx, events);
  return result.mailed || queued > 0;
}

/** Recorded events as renderAlarm takes them (re-sends, delivery jobs), by id; ids not found are left out. */
export async function loadAlarmEvents(db: Db, eventIds: readonly string[]): Promise<Map<string, AlarmEvent>> {
  const ids = [...new Set(eventIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
  const out = new Map<string, AlarmEvent>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('device_events as e')
    .innerJoin('devices as d', 'd.id', 'e.device_id')
    .select(['e.id', 'e.tenant_id', 'e.device_id', 'd.name', 'e.type', 'e.event_time', 'e.position_id', 'e.geofence_id', 'e.attributes'])
    .where('e.id', 'in', ids)
    .execute();
  for (const row of rows) {
    out.set(row.id, {
      id: row.id,
      tenantId: row.tenant_id,
      deviceId: row.device_id,
      deviceName: row.name,
      type: row.type as AlarmType,
      time: new Date(row.event_time),
      positionId: row.position_id,
      geofenceId: row.geofence_id,
      attributes: (row.attributes ?? {}) as AlarmEvent['attributes'],
    });
  }
  return out;
}

/** A recorded event as renderAlarm takes it, or undefined. */
export async function loadAlarmEvent(db: Db, eventId: string): Promise<AlarmEvent | undefined> {
  return (await loadAlarmEvents(db, [eventId])).get(eventId);
}
