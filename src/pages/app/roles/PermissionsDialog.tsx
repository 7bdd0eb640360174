import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import { childrenOf, grantedElsewhere, selectAll, selectAllState, toggle, updateBody, type PermissionDto } from './permissionTree';
import { ownTenantHeaders } from './tenantScope';

const ENDPOINT = '/api/permission-management/permissions';
const PROVIDER = 'R';

type PermissionsAnswer = AnswerOf<typeof ENDPOINT>;

interface Props {
  roleName: string;
  /** The role's own tenant (null: the host): the dialog reads and writes that tenant's role whatever the tenant filter. */
  tenantId?: string | null;
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
            control={
              <Checkbox
                size="small"
                checked={checked.has(p.name)}
                disabled={grantedElsewhere(p, PROVIDER)}
                onChange={(e) => onToggle(p.name, e.target.checked)}
                inputProps={{ 'aria-label': p.name }}
              />
            }
            label={p.displayName}
          />
          <Branch all={all} parent={p.name} checked={checked} onToggle={onToggle} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * A role's permissions as a tree of checkboxes per group, with ABP's rules (permissionTree.ts): a
 * child checks its parents, a parent unchecked unchecks its children, a select-all per group and
 * one for everything. Save sends the changed permissions only.
 */
export function PermissionsDialog({ roleName, tenantId, onClose }: Props) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const [answer, setAnswer] = useState<PermissionsAnswer>();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const query = { providerName: PROVIDER, providerKey: roleName } as const;
  const headers = ownTenantHeaders(tenantId);

  useEffect(() => {
    const controller = new AbortController();
    const scoped = ownTenantHeaders(tenantId);
    api('get', ENDPOINT, { query: { providerName: PROVIDER, providerKey: roleName }, signal: controller.signal, ...(scoped ? { headers: scoped } : {}) })
      .then((json) => {
        setAnswer(json);
        setChecked(new Set(json.groups.flatMap((g) => g.permissions.filter((p) => p.isGranted).map((p) => p.name))));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) notify((error as Error).message, { type: 'error' });
      });
    return () => controller.abort();
  }, [roleName, tenantId, notify]);

  const save = async () => {
    if (!answer) return;
    const body = updateBody(answer.groups, checked);
    if (body.permissions.length === 0) return onClose();
    setSaving(true);
    try {
      await api('put', ENDPOINT, { query, body, ...(headers ? { headers } : {}) });
      notify(t('roles.permissions.saved'), { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const everything = answer?.groups.flatMap((g) => g.permissions) ?? [];
  const allState = selectAllState(everything, checked, PROVIDER);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="permissions-title">
      <DialogTitle id="permissions-title">{t('roles.permissions.title', { name: roleName })}</DialogTitle>
      <DialogContent dividers>
        {!answer && <LinearProgress aria-label={t('roles.permissions.loading')} />}
        {answer && (
          <>
            <FormControlLabel
              control={
                <Checkbox
                  checked={allState.checked}
                  indeterminate={allState.indeterminate}
                  onChange={() => setChecked((c) => selectAll(everything, c, PROVIDER))}
                  inputProps={{ 'aria-label': t('roles.permissions.selectAll') }}
                />
              }
              label={t('roles.permissions.selectAll')}
            />
            <Divider sx={{ my: 1 }} />
          </>
        )}
        {answer?.groups.map((group) => {
          const state = selectAllState(group.permissions, checked, PROVIDER);
          const label = t('roles.permissions.selectGroup', { group: group.displayName });
          return (
            <Box key={group.name} component="section" aria-label={group.displayName} sx={{ mb: 2 }}>
              <Typography variant="subtitle2" component="h3">
                {group.displayName}
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={state.checked}
                    indeterminate={state.indeterminate}
                    onChange={() => setChecked((c) => selectAll(group.permissions, c, PROVIDER))}
                    inputProps={{ 'aria-label': label }}
                  />
                }
                label={label}
              />
              <Branch all={group.permissions} parent={null} checked={checked} onToggle={(name, on) => setChecked((c) => toggle(group.permissions, c, name, on, PROVIDER))} />
            </Box>
          );
        })}
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
