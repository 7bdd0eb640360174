import { DEFAULT_LOW_BATTERY_THRESHOLD, evaluateBattery, evaluateZones, type ZoneDef } from '../alarms/evaluate';
import type { AlarmEvent } from '../alarms/event';
import type { DeviceChange } from './batch-writes';
import type { DeviceState } from './device-states';
import { eventOf } from './fix-events';
import type { Pending } from './pending';

/** devices.last_contact is refreshed at most this often (device_state.last_seen is exact). */
const CONTACT_SYNC_MS = 60_000;
const NO_ZONES: readonly ZoneDef[] = [];

/** What evaluating a batch's fixes found: its events, the devices it updated, and their devices rows to refresh. */
export interface BatchEvaluation {
  events: AlarmEvent[];
  updated: Set<string>;
  zonesChanged: Set<string>;
  deviceChanges: DeviceChange[];
}

/**
 * Evaluates a batch's stored fixes in time order per device: alarms the watch raised, low battery,
 * and zones entered or left. States are copies (the lock's or the kept ones'): changed in place,
 * kept by the node only once committed.
 */
export function evaluateBatch(
  batch: readonly Pending[],
  states: ReadonlyMap<string, DeviceState>,
  zones: ReadonlyMap<string, ZoneDef[]>,
  atLastKnown: ReadonlySet<string>,
  now: Date,
): BatchEvaluation {
  const events: AlarmEvent[] = [];
  const updated = new Set<string>();
  const zonesChanged = new Set<string>();
  const deviceChanges: DeviceChange[] = [];
  for (const p of batch) {
    const state = states.get(p.device.id)!;
    const wasOnline = state.online;
    const wasAlarmed = state.low_battery_alarmed;
    const fixes = p.fixes.length === 1 ? p.fixes : p.fixes.slice().sort((a, b) => a.fix.fixTime.getTime() - b.fix.fixTime.getTime());
    for (const { id, fix, stored } of fixes) {
      // A replay (its position already stored) is not evaluated again.
      if (!stored && (fix.latitude !== null || atLastKnown.has(id))) continue;
      // Outside the evaluation window (an old fix, a clock ahead): history only, no alarm, no state.
      if (fix.window) continue;
      const deviceZones = zones.get(p.device.id) ?? NO_ZONES;
      if (fix.alarm) events.push(eventOf(p.device, id, fix, state, fix.alarm, {}, null, deviceZones));
      const newer = !state.fix_time || fix.fixTime.getTime() > state.fix_time.getTime();
      if (!newer) continue;
      if (fix.battery !== null || fix.lowBatteryReported) {
        const battery = evaluateBattery(fix.battery, fix.charging, state.low_battery_threshold ?? DEFAULT_LOW_BATTERY_THRESHOLD, state.low_battery_alarmed, fix.lowBatteryReported);
        state.low_battery_alarmed = battery.alarmed;
        // The level as reported (19.8, not 20); device_state keeps a whole percent for the lists.
        if (battery.alarm) events.push(eventOf(p.device, id, fix, state, 'lowBattery', { battery: fix.battery ?? state.battery }, null, deviceZones));
        if (fix.battery !== null) state.battery = Math.round(fix.battery);
      }
      if (fix.charging !== null) state.charging = fix.charging;
      if (fix.latitude === null || fix.longitude === null || !fix.valid) continue;
      state.fix_time = fix.fixTime;
      state.latitude = fix.latitude;
      state.longitude = fix.longitude;
      state.accuracy = fix.accuracy;
      const result = evaluateZones(deviceZones, state.zones, { lat: fix.latitude, lng: fix.longitude }, fix.accuracy, fix.fixTime);
      state.zones = result.state;
      if (result.changed) zonesChanged.add(p.device.id);
      for (const e of result.events) events.push(eventOf(p.device, id, fix, state, e.type, { geofenceName: e.geofenceName }, e.geofenceId, deviceZones));
    }
    const contactDue = !state.contact_synced || now.getTime() - state.contact_synced.getTime() >= CONTACT_SYNC_MS;
    // The devices row (indexed for the back office's lists) follows at most once a minute, at
    // once when the watch comes online or its low battery alarm changes; device_state is exact.
    if (!wasOnline || contactDue || state.low_battery_alarmed !== wasAlarmed) {
      deviceChanges.push({ id: p.device.id, battery: state.battery, contact: now });
      state.contact_synced = now;
    }
    state.online = true;
    updated.add(p.device.id);
  }
  return { events, updated, zonesChanged, deviceChanges };
}
