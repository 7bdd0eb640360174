import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import { childrenOf, toggle, updateBody, type PermissionDto, type PermissionsAnswer } from './permissionTree';

const ENDPOINT = '/api/permission-management/permissions';

interface Props {
  roleName: string;
  onClose: () => void;
}

function Branch({ all, parent, checked, onToggle }: { all: PermissionDto[]; parent: string | null; checked: Set<string>; onToggle: (name: string, on: boolean) => void }) {
  const items = childrenOf(all, parent);
  if (items.length === 0) return null;
  return (
    <Box sx={{ pl: parent ? 3 : 0, display: 'flex', flexDirection: 'column' }}>
      {items.map((p) => (
        <Box key={p.name}>
          <FormControlLabel
            control={<Checkbox size="small" checked={checked.has(p.name)} onChange={(e) => onToggle(p.name, e.target.checked)} inputProps={{ 'aria-label': p.name }} />}
            label={p.displayName}
          />
          <Branch all={all} parent={p.name} checked={checked} onToggle={onToggle} />
        </Box>
      ))}
    </Box>
  );
}

/** A role's permissions as a tree of checkboxes per group; Save sends every permission's state. */
export function PermissionsDialog({ roleName, onClose }: Props) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const [answer, setAnswer] = useState<PermissionsAnswer>();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const query = { providerName: 'R', providerKey: roleName };

  useEffect(() => {
    const controller = new AbortController();
    httpClient<PermissionsAnswer>(ENDPOINT, { query: { providerName: 'R', providerKey: roleName }, signal: controller.signal })
      .then(({ json }) => {
        if (!json) return;
        setAnswer(json);
        setChecked(new Set(json.groups.flatMap((g) => g.permissions.filter((p) => p.isGranted).map((p) => p.name))));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) notify((error as Error).message, { type: 'error' });
      });
    return () => controller.abort();
  }, [roleName, notify]);

  const save = async () => {
    if (!answer) return;
    setSaving(true);
    try {
      await httpClient(ENDPOINT, { method: 'PUT', query, body: updateBody(answer.groups, checked) });
      notify(t('roles.permissions.saved'), { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="permissions-title">
      <DialogTitle id="permissions-title">{t('roles.permissions.title', { name: roleName })}</DialogTitle>
      <DialogContent dividers>
        {!answer && <LinearProgress aria-label={t('roles.permissions.loading')} />}
        {answer?.groups.map((group) => (
          <Box key={group.name} component="section" sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {group.displayName}
            </Typography>
            <Branch all={group.permissions} parent={null} checked={checked} onToggle={(name, on) => setChecked((c) => toggle(group.permissions, c, name, on))} />
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('roles.permissions.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!answer || saving}>
          {t('roles.permissions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
