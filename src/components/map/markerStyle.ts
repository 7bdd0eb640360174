/**
 * How both engines draw a marker, so an alarm looks the same on Leaflet and Google: a filled
 * circle with a white border; the alarm's larger and in the alarm colour.
 */
export interface MarkerStyle {
  /** Circle radius in CSS pixels. */
  radius: number;
  fill: string;
  border: string;
  /** Border width in CSS pixels. */
  borderWidth: number;
}

export const DEVICE_MARKER: MarkerStyle = { radius: 8, fill: '#d81b60', border: '#fff', borderWidth: 2 };
export const ALARM_MARKER: MarkerStyle = { radius: 11, fill: '#c62828', border: '#fff', borderWidth: 3 };

/** Leaflet's class on the alarm marker's path (tests and styles find it by this). */
export const ALARM_MARKER_CLASS = 'vigil-alarm-marker';
