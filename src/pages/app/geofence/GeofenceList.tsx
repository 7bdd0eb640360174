import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GeofenceDto } from './geofenceDraft';

interface Props {
  items: GeofenceDto[];
  selectedId?: string;
  onEdit: (g: GeofenceDto) => void;
  onDelete: (g: GeofenceDto) => Promise<void>;
}

/** The user's zones, each with edit and delete (after confirmation). */
export default function GeofenceList({ items, selectedId, onEdit, onDelete }: Props) {
  const { t } = useTranslation('geofences');
  const [confirming, setConfirming] = useState<GeofenceDto | null>(null);
  const [busy, setBusy] = useState(false);

  if (!items.length) return <Typography color="text.secondary">{t('page.empty')}</Typography>;

  return (
    <>
      <List dense aria-label={t('page.list')}>
        {items.map((g) => (
          <ListItem key={g.id} divider sx={{ flexWrap: 'wrap', gap: 1, bgcolor: g.id === selectedId ? 'action.selected' : undefined }}>
            <ListItemText
              primary={g.name}
              secondary={[
                g.shape === 'circle' ? t('page.shapeCircle', { radius: Math.round(g.radius ?? 0) }) : t('page.shapePolygon', { count: g.points?.length ?? 0 }),
                t('page.linked', { count: g.deviceIds.length + g.citizenIds.length }),
                ...(g.schedule ? [t('page.scheduled', { from: g.schedule.from, to: g.schedule.to, zone: g.schedule.timeZone })] : []),
              ].join(' · ')}
              sx={{ minWidth: 0, flex: '1 1 160px' }}
            />
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => onEdit(g)} aria-label={`${t('page.edit')} ${g.name}`}>
                {t('page.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => setConfirming(g)} aria-label={`${t('page.delete')} ${g.name}`}>
                {t('page.delete')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="delete-geofence-title">
        <DialogTitle id="delete-geofence-title">{t('page.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('page.deleteConfirm', { name: confirming?.name ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('page.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              if (!confirming) return;
              setBusy(true);
              try {
                await onDelete(confirming);
              } finally {
                setBusy(false);
                setConfirming(null);
              }
            }}
          >
            {t('page.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
