import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess, useNotify } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { AppPage } from '../AppPage';
import { createUnit, deleteUnit, fetchUnits, moveUnit, renameUnit, type Unit } from './api';
import { DeleteDialog, MoveDialog, NameDialog } from './UnitDialogs';
import { UnitDetails } from './UnitDetails';
import { UnitTree } from './UnitTree';
import { useNotifyError } from '../identity/useNotifyError';
import { showsAllTenants, useTenantNames } from '../roles/tenantScope';

type Editing = { kind: 'create'; parent: Unit | null } | { kind: 'rename' | 'move' | 'delete'; unit: Unit } | null;

/**
 * Organization units: the tenant's tree (add a unit at the top or below the selected one, rename,
 * move, delete with everything below) and, for the selected unit, its roles and members.
 */
export default function OrganizationUnitsPage() {
  const { t } = useTranslation('identity');
  const { t: ta } = useTranslation('admin');
  const everyTenant = showsAllTenants();
  const tenantNames = useTenantNames(everyTenant);
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const { canAccess: manageOu = false } = useCanAccess({ resource: `${POLICIES.organizationUnits}.ManageOU`, action: 'access' });
  const units = useQuery({ queryKey: ['organization-units', 'all'], queryFn: ({ signal }) => fetchUnits(signal) });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const selected = units.data?.find((u) => u.id === selectedId) ?? null;

  const run = async <T,>(work: () => Promise<T>, done: string, select?: (result: T) => string | null) => {
    try {
      const result = await work();
      notify(done, { type: 'success' });
      setEditing(null);
      if (select) setSelectedId(select(result));
    } catch (error) {
      notifyError(error);
    }
    await client.invalidateQueries({ queryKey: ['organization-units', 'all'] });
  };
  const createdId = (created: Unit) => created.id;

  return (
    <AppPage title={t('organizationUnits.title')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 1, minWidth: 0 }}>
          {manageOu && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'create', parent: null })}>
                {t('organizationUnits.addRoot')}
              </Button>
            </Box>
          )}
          {units.data && units.data.length === 0 && <Typography color="text.secondary" sx={{ p: 1 }}>{t('organizationUnits.empty')}</Typography>}
          <UnitTree units={units.data ?? []} selectedId={selectedId} onSelect={(u) => setSelectedId(u.id)} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          {selected ? (
            <>
              <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                {selected.displayName}
              </Typography>
              {everyTenant && (
                <Typography variant="body2" color="text.secondary">
                  {ta('tenantFilter.label')}: {selected.tenantId ? (tenantNames.get(selected.tenantId) ?? selected.tenantId) : ta('tenantFilter.own')}
                </Typography>
              )}
              {manageOu && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
                  <Button size="small" variant="outlined" onClick={() => setEditing({ kind: 'create', parent: selected })}>
                    {t('organizationUnits.addChild')}
                  </Button>
                  <Button size="small" variant="outlined" onClick={() => setEditing({ kind: 'rename', unit: selected })}>
                    {t('organizationUnits.rename')}
                  </Button>
                  <Button size="small" variant="outlined" onClick={() => setEditing({ kind: 'move', unit: selected })}>
                    {t('organizationUnits.move')}
                  </Button>
                  <Button size="small" variant="outlined" color="error" onClick={() => setEditing({ kind: 'delete', unit: selected })}>
                    {t('common.delete')}
                  </Button>
                </Box>
              )}
              <UnitDetails key={selected.id} unit={selected} />
            </>
          ) : (
            <Typography color="text.secondary">{t('organizationUnits.pick')}</Typography>
          )}
        </Paper>
      </Box>

      {editing?.kind === 'create' && (
        <NameDialog
          title={editing.parent ? t('organizationUnits.addChildTitle', { name: editing.parent.displayName }) : t('organizationUnits.addRoot')}
          initial=""
          onClose={() => setEditing(null)}
          onSubmit={(name) => void run(() => createUnit(name, editing.parent), t('organizationUnits.created'), createdId)}
        />
      )}
      {editing?.kind === 'rename' && (
        <NameDialog
          title={t('organizationUnits.renameTitle', { name: editing.unit.displayName })}
          initial={editing.unit.displayName}
          onClose={() => setEditing(null)}
          onSubmit={(name) => void run(() => renameUnit(editing.unit, name), t('organizationUnits.renamed'))}
        />
      )}
      {editing?.kind === 'move' && (
        <MoveDialog unit={editing.unit} units={units.data ?? []} onClose={() => setEditing(null)} onSubmit={(parentId) => void run(() => moveUnit(editing.unit.id, parentId), t('organizationUnits.moved'))} />
      )}
      {editing?.kind === 'delete' && (
        <DeleteDialog unit={editing.unit} onClose={() => setEditing(null)} onSubmit={() => void run(() => deleteUnit(editing.unit.id), t('organizationUnits.deleted'), () => null)} />
      )}
    </AppPage>
  );
}
