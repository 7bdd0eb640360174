import { describe, expect, it } from 'vitest';
import { isValidTimeZone, polygonSelfIntersects, scheduleActive } from '../../common/geofence-rules';

/** The zone rules the server and the /geofence page share (common/geofence-rules.ts). */
describe('geofence rules', () => {
  const square = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 1 },
    { lat: 1, lng: 1 },
    { lat: 1, lng: 0 },
  ];

  it('tells a simple polygon (also a concave one) from one whose sides cross', () => {
    expect(polygonSelfIntersects(square)).toBe(false);
    expect(polygonSelfIntersects([square[0]!, square[2]!, square[1]!, square[3]!])).toBe(true);
    const concave = [{ lat: 0, lng: 0 }, { lat: 0, lng: 4 }, { lat: 4, lng: 4 }, { lat: 2, lng: 2 }, { lat: 4, lng: 0 }];
    expect(polygonSelfIntersects(concave)).toBe(false);
    // A corner touching another side is refused too.
    expect(polygonSelfIntersects([{ lat: 0, lng: 0 }, { lat: 0, lng: 4 }, { lat: 4, lng: 4 }, { lat: 0, lng: 2 }, { lat: 4, lng: 0 }])).toBe(true);
  });

  it('handles a zone across the antimeridian', () => {
    const pacific = [{ lat: -1, lng: 179.5 }, { lat: -1, lng: -179.5 }, { lat: 1, lng: -179.5 }, { lat: 1, lng: 179.5 }];
    expect(polygonSelfIntersects(pacific)).toBe(false);
  });

  it('knows IANA time zones and refuses made-up ones', () => {
    expect(isValidTimeZone('Europe/Copenhagen')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('<script>')).toBe(false);
  });

  it('applies a schedule across midnight in the zone’s own time zone', () => {
    const night = { from: '22:00', to: '06:00', timeZone: 'Europe/Copenhagen' };
    // 21:30 UTC in January is 22:30 in Copenhagen: inside the window.
    expect(scheduleActive(night, new Date('2026-01-10T21:30:00Z'))).toBe(true);
    expect(scheduleActive(night, new Date('2026-01-10T04:59:00Z'))).toBe(true);
    expect(scheduleActive(night, new Date('2026-01-10T05:00:00Z'))).toBe(false);
    expect(scheduleActive(night, new Date('2026-01-10T12:00:00Z'))).toBe(false);
    expect(scheduleActive({ from: '09:00', to: '17:00', timeZone: 'UTC' }, new Date('2026-01-10T12:00:00Z'))).toBe(true);
    expect(scheduleActive(null)).toBe(true);
  });
});
