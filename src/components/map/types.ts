import type { LatLng, Zone } from '../../../common/geo';

export interface MapMarker {
  id: string;
  position: LatLng;
  label: string;
  /** Shown when the marker is selected (last contact, battery). */
  detail?: string;
  /** 'alarm': where an alarm was raised (drawn larger, in the alarm colour). */
  kind?: 'device' | 'alarm';
}

export interface MapTrail {
  id: string;
  points: LatLng[];
}

export type MapZone = Zone & { id: string; name: string };

/** A zone being drawn: a circle with its resize handle, or a polygon's corners (open until closed). */
export type MapDraft = { kind: 'circle'; center: LatLng; radius: number } | { kind: 'polygon'; points: LatLng[]; closed: boolean };

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
  /** Drawing: the zone being drawn, shown with handles. */
  draft?: MapDraft | null;
  /** A click on the map (not on a handle): where to put a centre or a corner. */
  onMapClick?: (point: LatLng) => void;
  /** The draft changed by dragging its centre or resize handle. */
  onDraftChange?: (draft: MapDraft) => void;
  /** Pan here when it changes (a searched place). */
  focus?: LatLng | null;
}

/** What each engine receives: the props plus the translated texts it shows. */
export interface EngineProps extends MapViewProps {
  texts: { resizeHandle: string; centerHandle: string; zone: (name: string) => string; zoomIn: string; zoomOut: string };
}
