import { hash } from 'node:crypto';
import type { MessageLog } from './message-log';
import type { Outcome } from './guards';
import type { RingMessage } from './batch-writes';
import { MESSAGES_PER_DEVICE, type DeviceState } from './device-states';

/** Slots for messages from unknown devices, shared by all of them. */
const UNKNOWN_SLOTS = 1000;

/** A deterministic UUID (for the message ring's slots). */
function slotId(key: string): string {
  const h = hash('sha1', key);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The raw message ring (/troubleshoot): puts a message in its device's next ring slot (a refused message from an unknown device in a shared one). */
export function toRing(ring: Map<string, RingMessage>, seqs: Map<string, number>, states: ReadonlyMap<string, DeviceState>, m: MessageLog, outcome: Outcome): void {
  let id: string;
  if (m.device) {
    const seq = seqs.get(m.device.id) ?? states.get(m.device.id)?.message_seq ?? 0;
    seqs.set(m.device.id, seq + 1);
    id = slotId(`${m.device.id}:${seq % MESSAGES_PER_DEVICE}`);
  } else {
    id = slotId(`unknown:${parseInt(hash('sha1', m.uniqueId).slice(0, 8), 16) % UNKNOWN_SLOTS}`);
  }
  ring.set(id, {
    id,
    tenant_id: m.device?.tenantId ?? null,
    device_id: m.device?.id ?? null,
    unique_id: m.uniqueId.slice(0, 64),
    remote_address: m.remote,
    payload: m.payload.slice(0, 4000),
    outcome,
    detail: m.detail ?? null,
  });
}
