import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GEOFENCE_NAME_MAX, GEOFENCE_RADIUS_M } from '../../../../common/geofence-rules';
import { useWatchLabels } from '../../../components/devices/useWatchLabels';
import { TimeOfDayInput } from '../../../components/dates/TimeOfDayInput';
import { canClose, parseCorners, type EditorState } from './geofenceDraft';
import PlaceSearch from './PlaceSearch';
import type { LinkTargets } from './useGeofences';

interface Props {
  state: EditorState;
  onChange: (next: EditorState) => void;
  targets: LinkTargets;
  problems: string[];
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  /** Pan the map to a place found or typed coordinates. */
  onFocus: (p: { lat: number; lng: number }) => void;
}

/**
 * Fields side by side while each keeps `min` px (its whole label and value), else one under the
 * other: the form's own width decides, not the screen's (beside the map on a desk it is narrow).
 */
const fieldsGrid = (min: number) => ({ display: 'grid', gap: 1, gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))` });

const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** The zone's fields: name, shape with typed coordinates (the keyboard way to draw), schedule, links. */
export default function GeofenceForm({ state, onChange, targets, problems, saving, onSave, onCancel, onFocus }: Props) {
  const { t } = useTranslation('geofences');
  // Two watches of one name (after an account transfer) are told apart.
  const labelOf = useWatchLabels(targets.devices);
  const set = (patch: Partial<EditorState>) => onChange({ ...state, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };
  const corners = parseCorners(state.corners).length;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={state.id ? t('page.edit') : t('page.new')}>
      <Stack spacing={2}>
        <TextField label={t('page.name')} value={state.name} onChange={(e) => set({ name: e.target.value })} required slotProps={{ htmlInput: { maxLength: GEOFENCE_NAME_MAX } }} size="small" />

        <Box>
          <FormLabel id="geofence-shape">{t('page.shape')}</FormLabel>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-labelledby="geofence-shape"
            value={state.shape}
            onChange={(_e, shape: EditorState['shape'] | null) => shape && set({ shape })}
            sx={{ display: 'flex', mt: 0.5 }}
          >
            <ToggleButton value="circle">{t('page.circle')}</ToggleButton>
            <ToggleButton value="polygon">{t('page.polygon')}</ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {state.shape === 'circle' ? t('page.circleHelp') : t('page.polygonHelp')}
          </Typography>
        </Box>

        <PlaceSearch onFocus={onFocus} />

        {state.shape === 'circle' ? (
          <Box sx={fieldsGrid(260)}>
            <TextField label={t('page.centerLat')} value={state.lat} onChange={(e) => set({ lat: e.target.value })} size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <TextField label={t('page.centerLng')} value={state.lng} onChange={(e) => set({ lng: e.target.value })} size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <TextField
              label={t('page.radius')}
              type="number"
              value={state.radius}
              onChange={(e) => set({ radius: e.target.value })}
              size="small"
              slotProps={{ htmlInput: { min: GEOFENCE_RADIUS_M.min, max: GEOFENCE_RADIUS_M.max, step: 10 } }}
            />
          </Box>
        ) : (
          <Box>
            <TextField
              label={t('page.corners')}
              value={state.corners}
              onChange={(e) => set({ corners: e.target.value })}
              multiline
              minRows={3}
              fullWidth
              size="small"
              helperText={t('page.cornerCount', { count: corners })}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
              <Button size="small" variant="outlined" disabled={!canClose(state) || state.closed} onClick={() => set({ closed: true })}>
                {t('page.closePolygon')}
              </Button>
              <Button size="small" disabled={!corners} onClick={() => set({ corners: state.corners.split('\n').slice(0, -1).join('\n'), closed: false })}>
                {t('page.undoCorner')}
              </Button>
              <Button size="small" disabled={!corners} onClick={() => set({ corners: '', closed: false })}>
                {t('page.clear')}
              </Button>
            </Stack>
          </Box>
        )}

        <Box>
          <FormControlLabel control={<Checkbox checked={state.scheduled} onChange={(e) => set({ scheduled: e.target.checked })} />} label={t('page.schedule')} />
          {state.scheduled ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('page.scheduleHelp')}
              </Typography>
              <Box sx={{ ...fieldsGrid(140), mt: 1 }}>
                <TimeOfDayInput label={t('page.from')} value={state.from} onChange={(from) => set({ from })} />
                <TimeOfDayInput label={t('page.to')} value={state.to} onChange={(to) => set({ to })} />
                <TextField label={t('page.timeZone')} value={state.timeZone} onChange={(e) => set({ timeZone: e.target.value })} size="small" sx={{ gridColumn: '1 / -1' }} />
              </Box>
            </>
          ) : null}
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">{t('page.devices')}</FormLabel>
          {targets.devices.length ? (
            <FormGroup>
              {targets.devices.map((d) => (
                <FormControlLabel key={d.id} control={<Checkbox checked={state.deviceIds.includes(d.id)} onChange={() => set({ deviceIds: toggle(state.deviceIds, d.id) })} />} label={labelOf(d)} />
              ))}
            </FormGroup>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('page.noDevices')}
            </Typography>
          )}
        </Box>

        {targets.citizens.length ? (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('page.citizens')}</FormLabel>
            <FormGroup>
              {targets.citizens.map((c) => (
                <FormControlLabel key={c.id} control={<Checkbox checked={state.citizenIds.includes(c.id)} onChange={() => set({ citizenIds: toggle(state.citizenIds, c.id) })} />} label={c.name} />
              ))}
            </FormGroup>
          </Box>
        ) : null}

        {problems.length ? (
          <Alert severity="error" role="alert">
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        ) : null}

        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('page.save')}
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            {t('page.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
