import { useEffect, useMemo, useRef, useState } from 'react';
import { Circle, GoogleMap, Marker, Polygon, Polyline, useJsApiLoader, type Libraries } from '@react-google-maps/api';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../../../common/geo';
import { useRuntimeConfig } from '../RuntimeConfigContext';
import { boundsOf, contentKey, DEFAULT_CENTER } from './geometry';
import MapLoadError from './MapLoadError';
import { ALARM_MARKER } from './markerStyle';
import type { EngineProps } from './types';

/** SPEC section 7: the maps script is loaded with the marker and places libraries. */
const LIBRARIES: Libraries = ['marker', 'places'];

declare global {
  interface Window {
    /** Google calls this when the key is refused (the map then renders greyed out). */
    gm_authFailure?: () => void;
  }
}

const zoneStyle = { strokeColor: '#0d2c6c', strokeWeight: 2, fillColor: '#0d2c6c', fillOpacity: 0.12, clickable: false };
const draftStyle = { strokeColor: '#d81b60', strokeWeight: 2, fillColor: '#d81b60', fillOpacity: 0.15 };

let alarmOptions: google.maps.MarkerOptions | undefined;
/**
 * The alarm's place as Leaflet draws it (a circle, markerStyle.ts), over every device marker: those
 * are stacked by latitude below MAX_ZINDEX. Made once the API is loaded (it needs google.maps).
 */
const alarmMarkerOptions = (): google.maps.MarkerOptions =>
  (alarmOptions ??= {
    icon: {
      path: google.maps.SymbolPath.CIRCLE,
      scale: ALARM_MARKER.radius,
      fillColor: ALARM_MARKER.fill,
      fillOpacity: 1,
      strokeColor: ALARM_MARKER.border,
      strokeWeight: ALARM_MARKER.borderWidth,
    },
    zIndex: google.maps.Marker.MAX_ZINDEX + 1,
  });

/** Google Maps (@react-google-maps/api), used when a maps key is configured. */
export default function GoogleEngine({ markers = [], trails = [], zones = [], center, zoom = 13, draft, onMapClick, onDraftChange, focus, texts }: EngineProps) {
  const { mapsKey } = useRuntimeConfig();
  const { i18n } = useTranslation();
  const { isLoaded, loadError } = useJsApiLoader({ id: 'vigil-google-maps', googleMapsApiKey: mapsKey, libraries: LIBRARIES, language: i18n.language });
  const [authFailed, setAuthFailed] = useState(false);
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const circleRef = useRef<google.maps.Circle | null>(null);
  const fitKey = contentKey(zones, markers, trails);
  const bounds = useMemo(() => boundsOf(zones, markers, trails, draft), [zones, markers, trails, draft]);

  useEffect(() => {
    window.gm_authFailure = () => setAuthFailed(true);
    return () => {
      window.gm_authFailure = undefined;
    };
  }, []);

  useEffect(() => {
    if (!map || !bounds) return;
    const [sw, ne] = bounds;
    if (sw.lat === ne.lat && sw.lng === ne.lng) map.setCenter(sw);
    else map.fitBounds(new google.maps.LatLngBounds(sw, ne), 24);
    // Refit only when the content changes, not while dragging.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey, Boolean(draft)]);

  useEffect(() => {
    if (map && focus) map.setCenter(focus);
  }, [map, focus]);

  if (loadError || authFailed) return <MapLoadError authFailure={authFailed} />;
  if (!isLoaded) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' }}>
        <CircularProgress />
      </Box>
    );
  }

  const fromEvent = (e: google.maps.MapMouseEvent): LatLng | null => (e.latLng ? { lat: e.latLng.lat(), lng: e.latLng.lng() } : null);
  const readCircle = () => {
    const c = circleRef.current;
    const middle = c?.getCenter();
    if (!c || !middle || draft?.kind !== 'circle') return;
    const next = { kind: 'circle' as const, center: { lat: middle.lat(), lng: middle.lng() }, radius: Math.round(c.getRadius()) };
    if (next.radius !== draft.radius || next.center.lat !== draft.center.lat || next.center.lng !== draft.center.lng) onDraftChange?.(next);
  };

  return (
    <GoogleMap
      mapContainerStyle={{ width: '100%', height: '100%' }}
      center={center ?? DEFAULT_CENTER}
      zoom={zoom}
      onLoad={setMap}
      onUnmount={() => setMap(null)}
      onClick={(e) => {
        const p = fromEvent(e);
        if (p) onMapClick?.(p);
      }}
      options={{ streetViewControl: false, mapTypeControl: false, clickableIcons: false }}
    >
      {zones.map((z) =>
        z.kind === 'circle' ? (
          <Circle key={z.id} center={z.center} radius={z.radius} options={zoneStyle} />
        ) : (
          <Polygon key={z.id} paths={z.points} options={zoneStyle} />
        ),
      )}
      {trails.map((t) => (
        <Polyline key={t.id} path={t.points} options={{ strokeColor: '#d81b60', strokeWeight: 3, strokeOpacity: 0.8 }} />
      ))}
      {markers.map((m) => (
        <Marker
          key={m.id}
          position={m.position}
          // The marker's accessible name (Google sets it as the marker element's title and label).
          title={m.detail ? `${m.label} (${m.detail})` : m.label}
          {...(m.kind === 'alarm' ? { options: alarmMarkerOptions() } : {})}
        />
      ))}
      {draft?.kind === 'circle' ? (
        <Circle
          center={draft.center}
          radius={draft.radius}
          options={{ ...draftStyle, editable: true, draggable: true }}
          onLoad={(c) => {
            circleRef.current = c;
          }}
          onRadiusChanged={readCircle}
          onDragEnd={readCircle}
        />
      ) : null}
      {draft?.kind === 'polygon' ? (
        draft.closed ? (
          <Polygon paths={draft.points} options={{ ...draftStyle, clickable: false }} />
        ) : (
          <Polyline path={draft.points} options={{ strokeColor: '#d81b60', strokeWeight: 2, clickable: false }} />
        )
      ) : null}
      {draft?.kind === 'circle' ? <Marker position={draft.center} title={texts.resizeHandle} clickable={false} /> : null}
    </GoogleMap>
  );
}
