/** The walk every simulated watch takes, whatever its protocol: out of the home zone and back. */

export interface Home {
  lat: number;
  lon: number;
  /** The safe zone's radius in metres. */
  radius: number;
}

export interface Point {
  lat: number;
  lon: number;
}

const METRES_PER_DEGREE = 111_195;

/** Each watch walks its own way out: the n-th along 45°, 165°, 285°, ... */
export const bearingOf = (watchIndex: number): number => (45 + watchIndex * 120) % 360;

/** The route of one watch: out along its own bearing to 2.2 times the zone's radius, then home again (3 steps at least to leave home). */
export function route(home: Home, bearingDeg: number, steps: number): Point[] {
  const out = Math.ceil(steps / 2);
  const far = home.radius * 2.2;
  const rad = (bearingDeg * Math.PI) / 180;
  return Array.from({ length: steps }, (_, i) => {
    const d = i < out ? (out > 1 ? (far * i) / (out - 1) : 0) : far * (1 - (i - out + 1) / (steps - out));
    return {
      lat: home.lat + (d * Math.cos(rad)) / METRES_PER_DEGREE,
      lon: home.lon + (d * Math.sin(rad)) / (METRES_PER_DEGREE * Math.cos((home.lat * Math.PI) / 180)),
    };
  });
}

/** Metres between two nearby points (equirectangular: the walk spans a few hundred metres). */
export function metresBetween(a: Point, b: Point): number {
  const x = (b.lon - a.lon) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(b.lat - a.lat, x) * METRES_PER_DEGREE;
}

/** Compass course from a to b in degrees (0 north, 90 east). */
export function courseBetween(a: Point, b: Point): number {
  const x = (b.lon - a.lon) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return ((Math.atan2(x, b.lat - a.lat) * 180) / Math.PI + 360) % 360;
}

/** Battery percent at a step of the walk: 80 % at the start, 2 points a step, never below 5. */
export const batteryAt = (step: number): number => Math.max(5, 80 - step * 2);
