import { describe, expect, it } from 'vitest';
import { classify, distanceMeters, enclosedPole, insidePolygon, isValidLatLng, type LatLng } from '../../common/geo';

const p = (lat: number, lng: number): LatLng => ({ lat, lng });

describe('distance (haversine)', () => {
  it('measures a known distance: Copenhagen to Aarhus is about 157 km', () => {
    expect(distanceMeters(p(55.6761, 12.5683), p(56.1629, 10.2039)) / 1000).toBeCloseTo(157, 0);
  });

  it('stays right near a pole, where a degree of longitude is a few metres', () => {
    // At 89.99°N the circle of latitude has a radius of about 1,112 m: one degree is 19.4 m.
    expect(distanceMeters(p(89.99, 0), p(89.99, 1))).toBeCloseTo(19.41, 1);
    // Over the pole: 0.02° of latitude apart through the pole, about 2.2 km.
    expect(distanceMeters(p(89.99, 0), p(89.99, 180)) / 1000).toBeCloseTo(2.22, 1);
  });

  it('is short across the antimeridian', () => {
    expect(distanceMeters(p(0, 179.9995), p(0, -179.9995))).toBeCloseTo(111.2, 0);
  });
});

describe('circle zones with accuracy', () => {
  const home = { kind: 'circle' as const, center: p(55.6761, 12.5683), radius: 100 };
  const north = (m: number) => p(55.6761 + m / 111_195, 12.5683);

  it('is inside, outside, or uncertain at the edge given the accuracy', () => {
    expect(classify(north(50), 10, home)).toBe('inside');
    expect(classify(north(150), 10, home)).toBe('outside');
    // Drift: 105 m from the centre with 20 m accuracy could be inside.
    expect(classify(north(105), 20, home)).toBe('uncertain');
    expect(classify(north(95), 20, home)).toBe('uncertain');
  });

  it('works around a home near the pole and across the antimeridian', () => {
    // The centre is 111 m from the pole; the same latitude on the far side is 222 m away.
    const polar = { kind: 'circle' as const, center: p(89.999, 0), radius: 100 };
    expect(classify(p(89.999, 180), 5, polar)).toBe('outside');
    expect(classify(p(89.9995, 0), 5, polar)).toBe('inside');
    const dateline = { kind: 'circle' as const, center: p(-16.5, 179.9995), radius: 200 };
    expect(classify(p(-16.5, -179.9995), 5, dateline)).toBe('inside');
  });
});

describe('polygon zones (ray casting)', () => {
  // A U-shaped (concave) garden: the notch between the arms is outside.
  const u = [p(0, 0), p(0, 3), p(3, 3), p(3, 2), p(1, 2), p(1, 1), p(3, 1), p(3, 0)];

  it('handles a concave polygon', () => {
    expect(insidePolygon(p(0.5, 1.5), u)).toBe(true);
    expect(insidePolygon(p(2, 1.5), u)).toBe(false);
    expect(insidePolygon(p(2, 0.5), u)).toBe(true);
    expect(insidePolygon(p(2, 2.5), u)).toBe(true);
    expect(insidePolygon(p(4, 1), u)).toBe(false);
  });

  it('counts a point on an edge as inside', () => {
    expect(insidePolygon(p(0, 1.5), u)).toBe(true);
  });

  it('handles a polygon across the antimeridian', () => {
    const island = [p(-17, 179.5), p(-17, -179.5), p(-16, -179.5), p(-16, 179.5)];
    expect(insidePolygon(p(-16.5, 179.9), island)).toBe(true);
    expect(insidePolygon(p(-16.5, -179.9), island)).toBe(true);
    expect(insidePolygon(p(-16.5, 178), island)).toBe(false);
  });

  it('reports drift near a polygon edge as uncertain, not outside', () => {
    const square = { kind: 'polygon' as const, points: [p(55, 12), p(55, 12.01), p(55.01, 12.01), p(55.01, 12)] };
    const justOutside = p(55.005, 12.01 + 10 / 63_800); // ~10 m east of the east edge
    expect(classify(justOutside, 30, square)).toBe('uncertain');
    expect(classify(justOutside, 3, square)).toBe('outside');
    expect(classify(p(55.005, 12.005), 30, square)).toBe('inside');
  });
});

describe('zones around a pole and across the antimeridian', () => {
  // A research station's zone: a ring at 89.9°N all the way round the North Pole.
  const polarRing = Array.from({ length: 12 }, (_, i) => p(89.9, -180 + i * 30));

  it('recognises a ring around a pole', () => {
    expect(enclosedPole(polarRing)).toBe('north');
    expect(enclosedPole(polarRing.map((q) => p(-q.lat, q.lng)))).toBe('south');
    expect(enclosedPole([p(0, 0), p(0, 3), p(3, 3)])).toBeUndefined();
  });

  it('puts the pole and points near it inside a ring around it, points beyond the ring outside', () => {
    expect(insidePolygon(p(90, 0), polarRing)).toBe(true);
    expect(insidePolygon(p(89.95, 45), polarRing)).toBe(true);
    expect(insidePolygon(p(89.95, -170), polarRing)).toBe(true);
    expect(insidePolygon(p(89.8, 45), polarRing)).toBe(false);
    expect(insidePolygon(p(60, 10), polarRing)).toBe(false);
    const south = polarRing.map((q) => p(-q.lat, q.lng));
    expect(insidePolygon(p(-89.95, 100), south)).toBe(true);
    expect(insidePolygon(p(-89.5, 100), south)).toBe(false);
  });

  it('classifies a circle whose centre is on the antimeridian from both sides', () => {
    const fiji = { kind: 'circle' as const, center: p(-17, 180), radius: 500 };
    expect(classify(p(-17, 179.998), 10, fiji)).toBe('inside');
    expect(classify(p(-17, -179.998), 10, fiji)).toBe('inside');
    expect(classify(p(-17, -179.99), 10, fiji)).toBe('outside');
    expect(classify(p(-17, 179.99), 10, fiji)).toBe('outside');
  });

  it('classifies a concave polygon across the antimeridian: the notch is outside', () => {
    // A U-shaped zone straddling 180°, open to the north between its arms.
    const u = [p(-17, 179.9), p(-16, 179.9), p(-16, 179.97), p(-16.8, 179.97), p(-16.8, -179.97), p(-16, -179.97), p(-16, -179.9), p(-17, -179.9)];
    expect(classify(p(-16.9, 180), 5, { kind: 'polygon', points: u })).toBe('inside');
    expect(classify(p(-16.4, 180), 5, { kind: 'polygon', points: u })).toBe('outside');
    expect(classify(p(-16.4, 179.93), 5, { kind: 'polygon', points: u })).toBe('inside');
  });
});

describe('drift at the edge', () => {
  const home = { kind: 'circle' as const, center: p(55.6761, 12.5683), radius: 100 };
  const north = (m: number) => p(55.6761 + m / 111_195, 12.5683);

  it('never calls a fix outside while its accuracy circle reaches back into the zone', () => {
    for (let d = 60; d <= 160; d += 5) {
      const accuracy = 60;
      const side = classify(north(d), accuracy, home);
      if (d - accuracy < 100) expect(side, `${d} m`).not.toBe('outside');
      if (d + accuracy <= 100) expect(side).toBe('inside');
    }
    expect(classify(north(170), 60, home)).toBe('outside');
  });

  it('treats a missing or broken accuracy as none, and a poor one as uncertain', () => {
    expect(classify(north(101), Number.NaN, home)).toBe('outside');
    expect(classify(north(101), -5, home)).toBe('outside');
    expect(classify(north(400), 1000, home)).toBe('uncertain');
  });
});

describe('coordinates', () => {
  it('accepts WGS84 degrees only', () => {
    expect(isValidLatLng(55.1, 12.2)).toBe(true);
    expect(isValidLatLng(-90, 180)).toBe(true);
    expect(isValidLatLng(90.0001, 0)).toBe(false);
    expect(isValidLatLng(0, -180.5)).toBe(false);
    expect(isValidLatLng(Number.NaN, 0)).toBe(false);
    expect(isValidLatLng(Infinity, 0)).toBe(false);
    expect(isValidLatLng('55', 12)).toBe(false);
  });
});
