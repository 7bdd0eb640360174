import { batteryAt, courseBetween, metresBetween, type Point } from './route';

/**
 * What a simulated watch knows of its wearer at a moment of the walk: where, heading where, how
 * fast, its battery and pedometer. The same for every protocol; each writes it its own way.
 */
export interface Wearer {
  lat: number;
  lon: number;
  /** km/h. */
  speedKmh: number;
  /** Degrees from north. */
  course: number;
  altitude: number;
  satellites: number;
  /** Signal, percent (the 3G status's GSM strength). */
  signal: number;
  /** Percent. */
  battery: number;
  /** The pedometer. */
  steps: number;
  /** Rolls (turns over in bed), a 3G watch's second counter. */
  rolls: number;
  moving: boolean;
}

/** A walking pace, as the OsmAnd walk reports it (2.7 knots). */
const WALKING_KMH = 5;
/** An adult's stride: the pedometer counts a step per 0.75 m. */
const STRIDE_M = 0.75;

export function startingWearer(at: Point): Wearer {
  return { lat: at.lat, lon: at.lon, speedKmh: 0, course: 0, altitude: 14, satellites: 9, signal: 80, battery: batteryAt(0), steps: 0, rolls: 0, moving: false };
}

/** The wearer after walking to step `step` (0-based) at `to`. */
export function walkTo(wearer: Wearer, step: number, to: Point): Wearer {
  const metres = metresBetween(wearer, to);
  const moving = metres > 0.5;
  return {
    ...wearer,
    lat: to.lat,
    lon: to.lon,
    moving,
    speedKmh: moving ? WALKING_KMH : 0,
    course: moving ? Math.round(courseBetween(wearer, to) * 10) / 10 : wearer.course,
    battery: batteryAt(step),
    steps: wearer.steps + Math.round(metres / STRIDE_M),
  };
}

/**
 * Fix times in whole seconds, each after the one before: the ingest keeps one fix a second per
 * watch (a second one at the same second is a replay and raises nothing), so an alarm raised just
 * after a walk's fix is stamped a second later rather than lost.
 */
export class FixClock {
  private last = 0;

  next(now: Date): Date {
    const seconds = Math.max(Math.floor(now.getTime() / 1000), this.last + 1);
    this.last = seconds;
    return new Date(seconds * 1000);
  }
}
