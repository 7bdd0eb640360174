import { classify, type LatLng, type Zone } from '../../common/geo';
import type { AlarmType } from '../../common/alarm-kinds';
import type { GeofenceSchedule } from '../care/tables';
import { scheduleActive } from './schedule';

/** Per zone: confirmed side, outside fixes in a row, whether an exit alarm went out for this absence. */
export interface ZoneState {
  s?: 'in' | 'out';
  p?: number;
  a?: boolean;
}

/** A device's zone as evaluation needs it. */
export interface ZoneDef {
  id: string;
  name: string;
  zone: Zone;
  schedule: GeofenceSchedule | null;
}

/** The zones detector's kinds (common/alarm-kinds.ts `detector: { by: 'zones' }`). */
export interface ZoneEvent {
  type: Extract<AlarmType, 'geofenceExit' | 'geofenceEnter'>;
  geofenceId: string;
  geofenceName: string;
}

/** Outside fixes in a row that make an exit: the first one is only a suspicion (drift, a jump). */
export const EXIT_CONFIRMATIONS = 2;

/**
 * One fix against a device's zones. Per zone: a fix whose accuracy circle lies wholly outside
 * counts once, a second such fix in a row confirms the exit; a wholly inside fix ends the count;
 * an uncertain fix (the accuracy circle crosses the edge) changes nothing. An exit alarm goes out
 * once per absence and only while the zone's schedule is on, so someone still outside when the
 * night window opens is alarmed then. Coming back after an alarmed exit is a geofenceEnter.
 */
export function evaluateZones(zones: readonly ZoneDef[], previous: ReadonlyMap<string, ZoneState>, point: LatLng, accuracy: number | null, time: Date) {
  // A Map, not an object keyed by zone id: every device has its own zone ids, and objects with
  // that many different key sets made every lookup slow at ten thousand devices.
  const state = new Map<string, ZoneState>();
  const events: ZoneEvent[] = [];
  // A zone that is gone (deleted, unlinked) changes the state too.
  let kept = 0;
  for (const z of zones) if (previous.has(z.id)) kept++;
  let changed = kept !== previous.size;
  for (const z of zones) {
    const before = previous.get(z.id);
    const side = classify(point, accuracy ?? 0, z.zone);
    // The usual case, a fix well inside a zone it was already in: the state stays as it was.
    if (side === 'inside' && before?.s === 'in' && !before.p && !before.a) {
      state.set(z.id, before);
      continue;
    }
    const next: ZoneState = { ...before };
    if (side === 'inside') {
      next.p = 0;
      if (before?.s === 'out' && before.a) events.push({ type: 'geofenceEnter', geofenceId: z.id, geofenceName: z.name });
      next.s = 'in';
      next.a = false;
    } else if (side === 'outside') {
      next.p = Math.min((before?.p ?? 0) + 1, EXIT_CONFIRMATIONS);
      if (next.p >= EXIT_CONFIRMATIONS) next.s = 'out';
      if (next.s === 'out' && !next.a && scheduleActive(z.schedule, time)) {
        next.a = true;
        events.push({ type: 'geofenceExit', geofenceId: z.id, geofenceName: z.name });
      }
    }
    if (next.s !== before?.s || (next.p ?? 0) !== (before?.p ?? 0) || Boolean(next.a) !== Boolean(before?.a)) changed = true;
    state.set(z.id, next);
  }
  return { state, events, changed };
}

/** Low battery default when a device has no threshold of its own (percent). */
export const DEFAULT_LOW_BATTERY_THRESHOLD = 20;
/** The level must rise this far above the threshold (or charging start) before a new alarm. */
const BATTERY_HYSTERESIS = 5;

/** One low-battery alarm per discharge: below the threshold and not charging. */
export function evaluateBattery(battery: number | null, charging: boolean | null, threshold: number, alarmed: boolean, reported = false) {
  if (battery === null && !reported) return { alarmed, alarm: false };
  if (charging || (battery !== null && battery >= threshold + BATTERY_HYSTERESIS && !reported)) return { alarmed: false, alarm: false };
  // The watch's own low-battery bit counts as the threshold does: once per discharge.
  if ((reported || (battery !== null && battery < threshold)) && !alarmed) return { alarmed: true, alarm: true };
  return { alarmed, alarm: false };
}
