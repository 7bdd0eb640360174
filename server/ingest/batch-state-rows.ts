import type { RingMessage, StateChange } from './batch-writes';
import { zonesJson, type DeviceState, type StateExpectation } from './device-states';
import type { MessageLog } from './message-log';
import { toRing } from './message-ring';
import { writtenOutcome, type Pending } from './pending';

/** Rows locked for the batch: written without checking what they hold. */
const LOCKED: StateExpectation = { expected_seq: null, expected_online: null, expected_threshold: null };

/** A batch's ring messages and device_state rows, and the states those rows write (kept once committed). */
export interface BatchStateRows {
  ring: RingMessage[];
  stateChanges: StateChange[];
  written: DeviceState[];
}

/**
 * The raw message ring's rows (slot = sequence number modulo MESSAGES_PER_DEVICE) and the devices'
 * state rows: devices with a stored message get their new state, those with refused ones only the
 * sequence. With kept states, each row carries what the batch expects the stored one to hold.
 */
export function stateRows(
  batch: readonly Pending[],
  logs: readonly MessageLog[],
  deviceIds: readonly string[],
  states: ReadonlyMap<string, DeviceState>,
  evaluated: { updated: ReadonlySet<string>; zonesChanged: ReadonlySet<string> },
  now: Date,
  expected: ReadonlyMap<string, StateExpectation> | undefined,
): BatchStateRows {
  const ring = new Map<string, RingMessage>();
  const seqs = new Map<string, number>();
  for (const p of batch) toRing(ring, seqs, states, p, writtenOutcome(p));
  for (const l of logs) toRing(ring, seqs, states, l, l.outcome);
  const stateChanges: StateChange[] = [];
  const written: DeviceState[] = [];
  for (const id of deviceIds) {
    const state = states.get(id)!;
    const seq = seqs.get(id);
    const expectation = expected?.get(id) ?? LOCKED;
    if (seq !== undefined) state.message_seq = seq;
    if (evaluated.updated.has(id)) {
      stateChanges.push({
        device_id: id,
        online: state.online,
        seen: now,
        fix_time: state.fix_time,
        latitude: state.latitude,
        longitude: state.longitude,
        accuracy: state.accuracy,
        battery: state.battery,
        charging: state.charging,
        low_battery_alarmed: state.low_battery_alarmed,
        zones: evaluated.zonesChanged.has(id) ? zonesJson(state.zones) : null,
        message_seq: state.message_seq,
        contact_synced: state.contact_synced,
        ...expectation,
      });
      written.push(state);
    } else if (seq !== undefined) {
      stateChanges.push({ device_id: id, online: null, seen: null, fix_time: null, latitude: null, longitude: null, accuracy: null, battery: null, charging: null, low_battery_alarmed: null, zones: null, message_seq: seq, contact_synced: null, ...expectation });
      written.push(state);
    }
  }
  return { ring: [...ring.values()], stateChanges, written };
}
