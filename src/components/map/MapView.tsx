import type { LatLng, Zone } from '../../../common/geo';

export interface MapMarker {
  id: string;
  position: LatLng;
  label: string;
  /** Shown when the marker is selected (last contact, battery). */
  detail?: string;
}

export interface MapTrail {
  id: string;
  points: LatLng[];
}

export type MapZone = Zone & { id: string; name: string };

export interface MapViewProps {
  markers?: MapMarker[];
  trails?: MapTrail[];
  zones?: MapZone[];
  /** Centre when there is nothing to fit the view to. */
  center?: LatLng;
  zoom?: number;
  height?: number | string;
  /** Accessible name of the map region. */
  label: string;
}

/**
 * The one map of the web app: Google Maps when a key is configured, Leaflet otherwise.
 * (Engines come with the geofence work; until then the map lists what it would show.)
 */
export default function MapView({ markers = [], label }: MapViewProps) {
  return (
    <ul aria-label={label}>
      {markers.map((m) => (
        <li key={m.id}>{m.label}</li>
      ))}
    </ul>
  );
}
