import type { Db } from '../db/database';
import type { Geocoder } from '../geocoding/geocoder';
import { loadAlarmEvent, type AlarmEvent } from './event';
import { placeFromAttributes } from './place';
import { loadRenderContext, renderAlarm, type RenderedAlarm } from './render';

/** The street address of an event's place in a language, or null (no geocoder, no place, a failed lookup). */
export async function addressOfEvent(geocoder: Geocoder | null, event: Pick<AlarmEvent, 'attributes'>, language: string): Promise<string | null> {
  if (!geocoder) return null;
  const facts = placeFromAttributes(event.attributes);
  if (!facts) return null;
  return geocoder.reverse(facts.latitude, facts.longitude, language);
}

/**
 * An alarm rendered again for one receiver with the street address, for the delivery jobs (mail,
 * push, SMS) and re-sends, which run outside the ingest's transaction. Undefined when the event is
 * gone. Without a geocoder (or when it fails) it is the same text recordEvents rendered.
 */
export async function renderAlarmWithAddress(
  db: Db,
  eventId: string,
  receiver: { language: string },
  opts: { publicUrl: string; geocoder: Geocoder | null },
): Promise<{ event: AlarmEvent; rendered: RenderedAlarm } | undefined> {
  const event = await loadAlarmEvent(db, eventId);
  if (!event) return undefined;
  const [{ texts, timeZones }, address] = await Promise.all([loadRenderContext(db, [event.tenantId]), addressOfEvent(opts.geocoder, event, receiver.language)]);
  const rendered = renderAlarm({ event, receiver, texts, timeZone: timeZones.get(event.tenantId) ?? 'UTC', publicUrl: opts.publicUrl, address });
  return { event, rendered };
}
