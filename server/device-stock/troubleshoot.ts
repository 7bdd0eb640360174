import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { requireDevice } from './scope';
import { withLiveState } from '../ingest/live-state';
import { connectionOf, latest } from './troubleshoot-connection';

/**
 * GET /api/app/troubleshoot/{deviceId}: what support staff check first when a carer says "the
 * watch does not work": when it was last heard from (a raw message, a stored position or the
 * contact the ingest noted, whichever is newest), battery, signal, online state, and its latest raw
 * messages with what became of each (stored, duplicate, rejected, rate limited), and its live
 * connection (troubleshoot-connection.ts). The settings sync state comes from the commands
 * module's getSettingsSync, which the page asks itself.
 */
export const DEFAULT_MESSAGES = 20;
export const MAX_MESSAGES = 200;

const SIGNAL_KEYS = ['signal', 'rssi', 'gsm', 'csq', 'signalStrength'];
const BATTERY_KEYS = ['batt', 'battery', 'batteryLevel'];

/** The attributes of an OsmAnd message as the ingest logged it: a query or form string, or a JSON body (possibly nested Traccar style). */
export function messageAttributes(payload: string): Record<string, unknown> {
  const text = payload.trim();
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      const location = (json.location ?? {}) as Record<string, unknown>;
      const coords = (location.coords ?? {}) as Record<string, unknown>;
      const battery = (location.battery ?? {}) as Record<string, unknown>;
      const extras = (location.extras ?? {}) as Record<string, unknown>;
      return { ...json, ...coords, ...extras, ...(battery.level !== undefined ? { batt: Number(battery.level) <= 1 ? Number(battery.level) * 100 : battery.level } : {}) };
    } catch {
      return {};
    }
  }
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
  return Object.fromEntries(new URLSearchParams(query));
}

function numberOf(attributes: Record<string, unknown>, keys: string[]): number | null {
  for (const k of keys) {
    const n = Number(attributes[k]);
    if (attributes[k] !== undefined && attributes[k] !== '' && Number.isFinite(n)) return n;
  }
  return null;
}

/** `take`: the raw messages to answer, at most MAX_MESSAGES (its route's schema checks it). */
export async function troubleshoot(db: Db, request: FastifyRequest, deviceId: string, take = DEFAULT_MESSAGES) {
  const device = (await withLiveState(db, [await requireDevice(db, request, deviceId)]))[0]!;
  const [messages, newestPosition] = await Promise.all([
    db
      .selectFrom('device_messages')
      .select(['id', 'received_time', 'protocol', 'outcome', 'detail', 'payload', 'remote_address'])
      .where('device_id', '=', device.id)
      .orderBy('received_time', 'desc')
      .orderBy('id')
      .limit(take)
      .execute(),
    db.selectFrom('positions').select('server_time').where('device_id', '=', device.id).orderBy('fix_time', 'desc').limit(1).executeTakeFirst(),
  ]);
  const last = messages[0];
  const attributes = last ? messageAttributes(last.payload) : {};
  return {
    device: { id: device.id, name: device.name, imei: device.imei, model: device.model, subscriptionStatus: device.subscription_status, stopReason: device.stop_reason },
    online: device.status === 'online',
    status: device.status,
    lastContact: device.last_contact ? new Date(device.last_contact).toISOString() : null,
    // Whatever was last heard from it: a raw message kept, a stored position (history that came
    // another way, or whose raw messages the ring no longer holds) or the contact the ingest noted.
    lastMessageTime: latest(last?.received_time, newestPosition?.server_time, device.last_contact)?.toISOString() ?? null,
    batteryLevel: device.battery_level ?? numberOf(attributes, BATTERY_KEYS),
    signal: numberOf(attributes, SIGNAL_KEYS),
    connection: await connectionOf(db, device, last),
    messages: messages.map((m) => ({
      id: m.id,
      receivedTime: new Date(m.received_time).toISOString(),
      protocol: m.protocol,
      outcome: m.outcome,
      detail: m.detail,
      payload: m.payload,
      remoteAddress: m.remote_address,
    })),
  };
}
