import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { Circle, CircleMarker, MapContainer, Marker, Polygon, Polyline, Popup, TileLayer, Tooltip, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { distanceMeters, type LatLng } from '../../../common/geo';
import { useRuntimeConfig } from '../RuntimeConfigContext';
import { boundsOf, contentKey, DEFAULT_CENTER, eastOf } from './geometry';
import { ALARM_MARKER, ALARM_MARKER_CLASS, DEVICE_MARKER } from './markerStyle';
import type { EngineProps } from './types';

const toL = (p: LatLng): L.LatLngTuple => [p.lat, p.lng];
const fromL = (p: L.LatLng): LatLng => ({ lat: p.lat, lng: p.lng });

/** Handles are plain HTML (no image files), so they work offline and need no bundled marker icons. */
const handleIcon = (kind: 'centre' | 'resize') =>
  L.divIcon({
    className: `vigil-map-handle vigil-map-handle-${kind}`,
    html: `<span style="display:block;width:18px;height:18px;border-radius:50%;border:3px solid #fff;background:${kind === 'resize' ? '#d81b60' : '#0d2c6c'};box-shadow:0 0 0 1px #0d2c6c"></span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  });

function ClickHandler({ onClick }: { onClick?: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onClick?.(fromL(e.latlng)) });
  return null;
}

/**
 * View changes jump, without Leaflet's zoom animation: a map unmounted while one runs (the
 * dashboard re-laid out on a phone, a language switch) threw "reading '_leaflet_pos'" from the
 * animation's end, and a carer looking for someone wants the place at once.
 */
const JUMP = { animate: false } as const;

/** Fits the view to what is shown when that set changes (not while a draft is dragged). */
function FitView({ bounds, fitKey }: { bounds: [LatLng, LatLng] | null; fitKey: string }) {
  const map = useMap();
  useEffect(() => {
    if (!bounds) return;
    const [sw, ne] = bounds;
    if (sw.lat === ne.lat && sw.lng === ne.lng) map.setView(toL(sw), Math.max(map.getZoom(), 15), JUMP);
    else map.fitBounds([toL(sw), toL(ne)], { padding: [24, 24], maxZoom: 17, ...JUMP });
    // Only when the content changes, never on every drag.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, map]);
  return null;
}

function Focus({ focus }: { focus?: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView(toL(focus), Math.max(map.getZoom(), 15), JUMP);
  }, [focus, map]);
  return null;
}

/**
 * How tiles are asked for, within OpenStreetMap's tile usage policy (and any tile host's): a
 * Referer naming the app's origin (the tile host may tell apps apart; 'no-referrer' is refused
 * there), zoom levels the server has (19 at most), and only the tiles in view and Leaflet's small
 * margin, never ahead of a pan or in bulk. The tiles keep their own HTTP caching.
 */
const TILE_POLICY = { referrerPolicy: 'strict-origin-when-cross-origin', maxZoom: 19, keepBuffer: 2 } as const;

/** Leaflet (react-leaflet 5): the default engine, with the configured tiles (OpenStreetMap's unless set otherwise) or none. */
export default function LeafletEngine({ markers = [], trails = [], zones = [], center, zoom = 13, draft, onMapClick, onDraftChange, focus, texts }: EngineProps) {
  const { tileUrl, tileAttribution } = useRuntimeConfig();
  const { t } = useTranslation('geofences');
  const fitKey = contentKey(zones, markers, trails);
  const bounds = useMemo(() => boundsOf(zones, markers, trails, draft), [zones, markers, trails, draft]);
  const icons = useMemo(() => ({ centre: handleIcon('centre'), resize: handleIcon('resize') }), []);
  const start = center ?? DEFAULT_CENTER;

  return (
    <>
      <MapContainer center={toL(start)} zoom={zoom} style={{ height: '100%', width: '100%', background: '#e8eef3' }} attributionControl={Boolean(tileUrl)} zoomControl={false}>
        {/* Leaflet's own buttons say "Zoom in" in English and keep their words once made: made again in each language. */}
        <ZoomControl key={`${texts.zoomIn}|${texts.zoomOut}`} position="topleft" zoomInTitle={texts.zoomIn} zoomOutTitle={texts.zoomOut} />
        {tileUrl ? <TileLayer url={tileUrl} attribution={tileAttribution} {...TILE_POLICY} /> : null}
        <ClickHandler onClick={onMapClick} />
        <FitView bounds={bounds} fitKey={`${fitKey}|${draft ? 'draft' : ''}`} />
        <Focus focus={focus} />
        {zones.map((z) =>
          z.kind === 'circle' ? (
            <Circle key={z.id} center={toL(z.center)} radius={z.radius} pathOptions={{ color: '#0d2c6c', weight: 2, fillOpacity: 0.12 }}>
              <Tooltip>{texts.zone(z.name)}</Tooltip>
            </Circle>
          ) : (
            <Polygon key={z.id} positions={z.points.map(toL)} pathOptions={{ color: '#0d2c6c', weight: 2, fillOpacity: 0.12 }}>
              <Tooltip>{texts.zone(z.name)}</Tooltip>
            </Polygon>
          ),
        )}
        {trails.map((tr) => (
          <Polyline key={tr.id} positions={tr.points.map(toL)} pathOptions={{ color: '#d81b60', weight: 3, opacity: 0.8 }} />
        ))}
        {markers.map((m) => {
          const style = m.kind === 'alarm' ? ALARM_MARKER : DEVICE_MARKER;
          return (
            <CircleMarker
              key={m.id}
              center={toL(m.position)}
              radius={style.radius}
              // A Leaflet option, set when the marker is made (pathOptions only restyle it).
              {...(m.kind === 'alarm' ? { className: ALARM_MARKER_CLASS } : {})}
              pathOptions={{ color: style.border, weight: style.borderWidth, fillColor: style.fill, fillOpacity: 1 }}
            >
              <Tooltip>{m.label}</Tooltip>
              {m.detail ? <Popup>{m.detail}</Popup> : null}
            </CircleMarker>
          );
        })}
        {draft?.kind === 'circle' ? (
          <>
            <Circle center={toL(draft.center)} radius={draft.radius} pathOptions={{ color: '#d81b60', weight: 2, dashArray: '6 4', fillOpacity: 0.15 }} interactive={false} />
            <Marker
              position={toL(draft.center)}
              icon={icons.centre}
              draggable
              title={texts.centerHandle}
              eventHandlers={{ drag: (e) => onDraftChange?.({ ...draft, center: fromL((e.target as L.Marker).getLatLng()) }) }}
            />
            <Marker
              position={toL(eastOf(draft.center, draft.radius))}
              icon={icons.resize}
              draggable
              title={texts.resizeHandle}
              eventHandlers={{
                drag: (e) => onDraftChange?.({ ...draft, radius: Math.round(distanceMeters(draft.center, fromL((e.target as L.Marker).getLatLng()))) }),
              }}
            />
          </>
        ) : null}
        {draft?.kind === 'polygon' ? (
          <>
            {draft.closed ? (
              <Polygon positions={draft.points.map(toL)} pathOptions={{ color: '#d81b60', weight: 2, dashArray: '6 4', fillOpacity: 0.15 }} interactive={false} />
            ) : (
              <Polyline positions={draft.points.map(toL)} pathOptions={{ color: '#d81b60', weight: 2, dashArray: '6 4' }} interactive={false} />
            )}
            {draft.points.map((p, i) => (
              <CircleMarker key={i} center={toL(p)} radius={5} pathOptions={{ color: '#d81b60', fillColor: '#fff', fillOpacity: 1, weight: 2 }} interactive={false} />
            ))}
          </>
        ) : null}
      </MapContainer>
      {!tileUrl ? (
        <Typography variant="caption" sx={{ position: 'absolute', left: 8, bottom: 4, zIndex: 500, bgcolor: 'background.paper', px: 0.5, borderRadius: 0.5 }}>
          {t('map.noTiles')}
        </Typography>
      ) : null}
    </>
  );
}
