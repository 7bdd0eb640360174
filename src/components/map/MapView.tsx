import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../RuntimeConfigContext';
import { ErrorBoundary } from '../ErrorBoundary';
import MapLoadError from './MapLoadError';
import type { EngineProps, MapViewProps } from './types';

export type { MapDraft, MapMarker, MapTrail, MapViewProps, MapZone } from './types';

// Each engine is its own chunk, loaded only when a map is shown.
const LeafletEngine = lazy(() => import('./LeafletEngine'));
const GoogleEngine = lazy(() => import('./GoogleEngine'));

/** A chunk or engine that fails to load shows the map error, not the full-page error screen. */
const EngineFailed = () => <MapLoadError />;

/**
 * The one map of the web app: Google Maps when a key is configured, Leaflet otherwise (with the
 * configured tile URL, or no tiles at all: zones, trails and markers are drawn either way).
 */
export default function MapView(props: MapViewProps) {
  const { mapsKey } = useRuntimeConfig();
  const { t } = useTranslation('geofences');
  const height = props.height ?? 360;
  const texts: EngineProps['texts'] = {
    resizeHandle: t('page.resizeHandle'),
    centerHandle: t('page.centerLat'),
    zone: (name: string) => t('map.zone', { name }),
    zoomIn: t('map.zoomIn'),
    zoomOut: t('map.zoomOut'),
  };
  const Engine = mapsKey ? GoogleEngine : LeafletEngine;
  return (
    <Box role="region" aria-label={props.label} sx={{ position: 'relative', width: '100%', height, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
      <ErrorBoundary fallback={EngineFailed}>
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' }}>
              <CircularProgress aria-label={t('map.loading')} />
            </Box>
          }
        >
          <Engine {...props} height={height} texts={texts} />
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}
