import { describe, expect, it } from 'vitest';
import { evaluateBattery, evaluateZones, type ZoneDef } from '../../server/alarms/evaluate';
import { scheduleActive } from '../../server/alarms/schedule';
import type { ZoneState } from '../../server/alarms/evaluate';

const home: ZoneDef = { id: 'home', name: 'Home', zone: { kind: 'circle', center: { lat: 55.6761, lng: 12.5683 }, radius: 100 }, schedule: null };
const north = (m: number) => ({ lat: 55.6761 + m / 111_195, lng: 12.5683 });
const t = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute));

/** Runs fixes (metres north, accuracy) through the evaluation; returns the events per fix. */
function walk(fixes: [number, number][], zones: ZoneDef[] = [home], start: ReadonlyMap<string, ZoneState> = new Map()) {
  let state = start;
  return fixes.map(([m, accuracy], i) => {
    const r = evaluateZones(zones, state, north(m), accuracy, t(i));
    state = r.state;
    return r.events.map((e) => e.type);
  });
}

describe('exit confirmation', () => {
  it('raises no alarm for drift around the edge nor for a single jump', () => {
    expect(walk([[50, 5], [105, 20], [95, 20], [300, 10], [20, 5], [300, 10], [110, 30]]).flat()).toEqual([]);
  });

  it('alarms on the second fix wholly outside, once per absence, and reports the return', () => {
    expect(walk([[50, 5], [300, 10], [320, 10], [340, 10], [105, 20], [400, 10], [10, 5], [300, 10], [300, 10]])).toEqual([
      [], [], ['geofenceExit'], [], [], [], ['geofenceEnter'], [], ['geofenceExit'],
    ]);
  });

  it('lets uncertain fixes neither confirm nor cancel an exit', () => {
    expect(walk([[300, 10], [105, 30], [300, 10]])).toEqual([[], [], ['geofenceExit']]);
  });

  it('says the state changed only when it did (a fix inside again writes nothing)', () => {
    const first = evaluateZones([home], new Map(), north(10), 5, t(0));
    expect(first.changed).toBe(true);
    expect(evaluateZones([home], first.state, north(12), 5, t(1)).changed).toBe(false);
    // A zone that was removed is dropped from the state.
    const dropped = evaluateZones([], first.state, north(12), 5, t(1));
    expect(dropped.changed).toBe(true);
    expect(dropped.state.size).toBe(0);
  });
});

describe('schedules', () => {
  const night = { from: '22:00', to: '06:00', timeZone: 'Europe/Copenhagen' };

  it('is on between the hours in the zone time zone, over midnight', () => {
    // November: Copenhagen is UTC+1.
    expect(scheduleActive(night, new Date('2026-11-20T20:59:00Z'))).toBe(false);
    expect(scheduleActive(night, new Date('2026-11-20T21:00:00Z'))).toBe(true);
    expect(scheduleActive(night, new Date('2026-11-21T04:59:00Z'))).toBe(true);
    expect(scheduleActive(night, new Date('2026-11-21T05:00:00Z'))).toBe(false);
    // Summer time: UTC+2.
    expect(scheduleActive(night, new Date('2026-07-01T20:30:00Z'))).toBe(true);
    expect(scheduleActive({ from: '09:00', to: '17:00', timeZone: 'Europe/Copenhagen' }, new Date('2026-11-20T12:00:00Z'))).toBe(true);
  });

  it('alarms always without a schedule or with one it cannot read', () => {
    expect(scheduleActive(null, new Date())).toBe(true);
    expect(scheduleActive({ from: '22:00', to: '06:00', timeZone: 'Mars/Olympus' }, new Date('2026-11-20T12:00:00Z'))).toBe(true);
    expect(scheduleActive({ from: 'late', to: '06:00', timeZone: 'UTC' }, new Date('2026-11-20T12:00:00Z'))).toBe(true);
  });

  it('alarms someone still outside when the window opens', () => {
    const zone: ZoneDef = { ...home, schedule: night };
    let state: ReadonlyMap<string, ZoneState> = new Map();
    const at = (iso: string) => {
      const r = evaluateZones([zone], state, north(400), 10, new Date(iso));
      state = r.state;
      return r.events.map((e) => e.type);
    };
    expect(at('2026-11-20T11:00:00Z')).toEqual([]);
    expect(at('2026-11-20T11:05:00Z')).toEqual([]);
    expect(at('2026-11-20T21:30:00Z')).toEqual(['geofenceExit']);
    expect(at('2026-11-20T21:35:00Z')).toEqual([]);
  });
});

describe('low battery', () => {
  it('alarms once per discharge below the threshold, again after charging', () => {
    let alarmed = false;
    const levels: [number, boolean][] = [[40, false], [21, false], [19, false], [15, false], [22, false], [18, false], [18, true], [17, false]];
    const alarms = levels.map(([level, charging]) => {
      const r = evaluateBattery(level, charging, 20, alarmed);
      alarmed = r.alarmed;
      return r.alarm;
    });
    expect(alarms).toEqual([false, false, true, false, false, false, false, true]);
  });
});
