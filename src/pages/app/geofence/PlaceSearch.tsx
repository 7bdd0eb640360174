import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HttpError } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../../../../common/geo';
import { PLACE_QUERY_MAX } from '../../../../common/geofence-rules';
import { useRuntimeConfig } from '../../../components/RuntimeConfigContext';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import { parsePoint } from './geofenceDraft';

type Place = AnswerOf<'/api/app/places'>['items'][number];

/**
 * "Find a place": typed coordinates move the map at once; anything else is an address asked of the
 * configured geocoder through the server (GET /api/app/places), when there is one. The map moves to
 * the first place found; the others are offered below. Enter searches here, it never saves the zone.
 */
export default function PlaceSearch({ onFocus }: { onFocus: (p: LatLng) => void }) {
  const { t } = useTranslation('geofences');
  const { placeSearch } = useRuntimeConfig();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ message: string; error: boolean } | null>(null);
  const [others, setOthers] = useState<Place[]>([]);

  const show = (place: Place) => {
    onFocus({ lat: place.lat, lng: place.lng });
    setStatus({ message: t('places.found', { name: place.name }), error: false });
  };

  const find = async () => {
    const query = text.trim();
    setOthers([]);
    const point = parsePoint(query);
    if (point) {
      setStatus(null);
      return onFocus(point);
    }
    if (!query) return;
    if (!placeSearch) return setStatus({ message: t('errors.coordinates'), error: true });
    setBusy(true);
    setStatus({ message: t('places.searching'), error: false });
    try {
      const { items } = await api('get', '/api/app/places', { query: { query } });
      const [first, ...rest] = items;
      if (!first) return setStatus({ message: t('places.notFound', { query }), error: true });
      show(first);
      setOthers(rest);
    } catch (err) {
      setStatus({ message: err instanceof HttpError && err.message ? err.message : t('places.failed'), error: true });
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void find();
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          label={t('page.search')}
          helperText={t(placeSearch ? 'places.help' : 'page.searchHelp')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: PLACE_QUERY_MAX, enterKeyHint: 'search' } }}
        />
        <Button variant="outlined" onClick={() => void find()} disabled={busy}>
          {t('page.go')}
        </Button>
      </Stack>
      {status ? (
        <Typography variant="body2" role="status" color={status.error ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
          {status.message}
        </Typography>
      ) : null}
      {others.length ? (
        <Box component="nav" aria-label={t('places.others')} sx={{ mt: 0.5 }}>
          <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {others.map((place) => (
              <li key={`${place.lat},${place.lng},${place.name}`}>
                <Link component="button" type="button" variant="body2" onClick={() => show(place)} sx={{ textAlign: 'left' }}>
                  {place.name}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Box>
  );
}
