import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HttpError, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../../../../common/geo';
import MapView, { type MapZone } from '../../../components/map/MapView';
import type { ApiErrorBody } from '../../../providers/abpErrors';
import { AppPage } from '../AppPage';
import GeofenceForm from './GeofenceForm';
import GeofenceList from './GeofenceList';
import { useTenantTimeZone } from '../../../components/dates/useTenantTimeZone';
import { bodyOf, canClose, draftOf, editorOf, emptyEditor, withClick, withDraft, type EditorState, type GeofenceDto } from './geofenceDraft';
import { deleteGeofence, saveGeofence, useGeofences } from './useGeofences';

const zoneOf = (g: GeofenceDto): MapZone | null =>
  g.shape === 'circle' && g.center && g.radius
    ? { id: g.id, name: g.name, kind: 'circle', center: g.center, radius: g.radius }
    : g.points
      ? { id: g.id, name: g.name, kind: 'polygon', points: g.points }
      : null;

/** The messages of a failed save: the server's field messages, else its message. */
function problemsOf(err: unknown, fallback: string): string[] {
  if (err instanceof HttpError) {
    const body = err.body as Partial<ApiErrorBody> | undefined;
    const messages = (body?.validationErrors ?? []).map((v) => v.message);
    return messages.length ? [...new Set(messages)] : [err.message || fallback];
  }
  return [fallback];
}

/** /geofence: draw, edit and link circles and polygons on the map. */
export default function GeofencePage() {
  const { t } = useTranslation('geofences');
  const notify = useNotify();
  const { items, targets, error, reload } = useGeofences();
  const tenantZone = useTenantTimeZone();
  const [editor, setEditor] = useState<EditorState>(() => emptyEditor(tenantZone));
  const fresh = () => emptyEditor(tenantZone);
  // The tenant's zone read after the editor opened: a schedule's zone nobody typed yet is it
  // (adjusted while rendering, as React advises for state that follows a changed value).
  const [zoneSeen, setZoneSeen] = useState(tenantZone);
  if (zoneSeen !== tenantZone) {
    setZoneSeen(tenantZone);
    if (tenantZone && editor.timeZone === '') setEditor({ ...editor, timeZone: tenantZone });
  }
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [focus, setFocus] = useState<LatLng | null>(null);

  const draft = draftOf(editor);
  // The zone being edited is shown as the draft, not twice.
  const zones = useMemo(() => (items ?? []).filter((g) => g.id !== editor.id).flatMap((g) => zoneOf(g) ?? []), [items, editor.id]);

  const edit = (next: EditorState) => {
    setEditor(next);
    setProblems([]);
  };

  async function save() {
    const nothing = t('validation:geofenceArea');
    const found: string[] = [];
    if (!editor.name.trim()) found.push(t('errors.nameRequired'));
    if (!draft) found.push(nothing);
    if (found.length || !draft) return setProblems(found);
    // Corners enough to close: a polygon saved open is closed on saving.
    const shape = draft.kind === 'polygon' && !draft.closed && canClose(editor) ? { ...draft, closed: true } : draft;
    setSaving(true);
    try {
      await saveGeofence(editor.id, bodyOf(editor, shape, tenantZone));
      notify(t('page.saved'), { type: 'success' });
      setEditor(fresh());
      setProblems([]);
      await reload();
    } catch (err) {
      setProblems(problemsOf(err, t('page.saveFailed')));
    } finally {
      setSaving(false);
    }
  }

  async function remove(g: GeofenceDto) {
    try {
      await deleteGeofence(g.id);
      notify(t('page.deleted'), { type: 'success' });
      if (editor.id === g.id) setEditor(fresh());
      await reload();
    } catch {
      notify(t('page.deleteFailed'), { type: 'error' });
    }
  }

  return (
    <AppPage title={t('page.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('page.intro')}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('page.loadFailed')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(320px, 1fr)' } }}>
        <Box sx={{ minWidth: 0 }}>
          <MapView
            label={t('page.map')}
            zones={zones}
            draft={draft}
            focus={focus}
            height={420}
            onMapClick={(p) => edit(withClick(editor, p))}
            onDraftChange={(d) => edit(withDraft(editor, d))}
          />
        </Box>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {editor.id ? `${t('page.edit')}: ${editor.name}` : t('page.new')}
          </Typography>
          <GeofenceForm
            state={editor}
            onChange={edit}
            targets={targets}
            problems={problems}
            saving={saving}
            onSave={() => void save()}
            onCancel={() => edit(fresh())}
            onFocus={setFocus}
          />
        </Paper>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {t('page.list')}
            </Typography>
            <Button onClick={() => edit(fresh())}>{t('page.new')}</Button>
          </Box>
          {items ? <GeofenceList items={items} selectedId={editor.id} onEdit={(g) => edit(editorOf(g, tenantZone))} onDelete={remove} /> : null}
        </Box>
      </Box>
    </AppPage>
  );
}
