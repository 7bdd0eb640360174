import { useDeferredValue, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCanAccess, useNotify } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { AssignedList } from './AssignedList';
import { addMember, addUnitRole, fetchMembers, fetchRoles, fetchUnitRoles, memberName, removeMember, removeUnitRole, searchUsers, type Member, type Unit } from './api';
import { useNotifyError } from '../identity/useNotifyError';

const P = POLICIES.organizationUnits;
const asMember = (m: Member) => ({ id: m.id, primary: m.userName, secondary: memberName(m) || (m.email ?? undefined) });

/** The roles and members of the selected unit, each in its tab; what may be added comes from the unit's own tenant. */
export function UnitDetails({ unit }: { unit: Unit }) {
  const { t } = useTranslation('identity');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const [tab, setTab] = useState<'roles' | 'members'>('roles');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const { canAccess: manageRoles = false } = useCanAccess({ resource: `${P}.ManageRoles`, action: 'access' });
  const { canAccess: manageMembers = false } = useCanAccess({ resource: `${P}.ManageMembers`, action: 'access' });
  const { canAccess: readUsers = false } = useCanAccess({ resource: POLICIES.identityUsers, action: 'access' });
  const { canAccess: readRoles = false } = useCanAccess({ resource: POLICIES.roles, action: 'access' });

  const roles = useQuery({ queryKey: ['organization-units', unit.id, 'roles'], queryFn: ({ signal }) => fetchUnitRoles(unit.id, signal) });
  const members = useQuery({ queryKey: ['organization-units', unit.id, 'members'], queryFn: ({ signal }) => fetchMembers(unit.id, signal) });
  // The pickers offer the unit's own tenant's roles and users, whatever tenants the tree shows.
  const tenantId = unit.tenantId ?? null;
  const allRoles = useQuery({ queryKey: ['identity', 'roles', 'all', tenantId], queryFn: ({ signal }) => fetchRoles(tenantId, signal), enabled: manageRoles && readRoles && tab === 'roles' });
  const users = useQuery({
    queryKey: ['identity', 'users', 'search', tenantId, deferredSearch],
    queryFn: ({ signal }) => searchUsers(deferredSearch, tenantId, signal),
    enabled: manageMembers && readUsers && tab === 'members',
  });

  /** Runs a change, tells the result, and reloads what the unit holds. */
  const change = async (work: () => Promise<unknown>, done: string, key: 'roles' | 'members') => {
    try {
      await work();
      notify(done, { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
    await client.invalidateQueries({ queryKey: ['organization-units', unit.id, key] });
  };

  return (
    <Box>
      <Tabs value={tab} onChange={(_, value: 'roles' | 'members') => setTab(value)} aria-label={t('organizationUnits.detailsOf', { name: unit.displayName })} variant="fullWidth">
        <Tab value="roles" label={t('organizationUnits.roles')} id="unit-tab-roles" aria-controls="unit-panel-roles" />
        <Tab value="members" label={t('organizationUnits.members')} id="unit-tab-members" aria-controls="unit-panel-members" />
      </Tabs>
      <Box role="tabpanel" id={`unit-panel-${tab}`} aria-labelledby={`unit-tab-${tab}`} sx={{ pt: 2 }}>
        {tab === 'roles' ? (
          <AssignedList
            title={t('organizationUnits.roles')}
            items={roles.data?.map((r) => ({ id: r.id, primary: r.name }))}
            options={(allRoles.data ?? []).map((r) => ({ id: r.id, primary: r.name }))}
            addLabel={t('organizationUnits.addRole')}
            removeLabel={(item) => t('organizationUnits.removeRole', { name: item.primary })}
            emptyText={t('organizationUnits.noRoles')}
            canManage={manageRoles}
            onAdd={(id) => change(() => addUnitRole(unit.id, id), t('organizationUnits.roleAdded'), 'roles')}
            onRemove={(id) => change(() => removeUnitRole(unit.id, id), t('organizationUnits.roleRemoved'), 'roles')}
          />
        ) : (
          <AssignedList
            title={t('organizationUnits.members')}
            items={members.data?.map(asMember)}
            options={(users.data ?? []).map(asMember)}
            onSearch={setSearch}
            addLabel={t('organizationUnits.addMember')}
            removeLabel={(item) => t('organizationUnits.removeMember', { name: item.primary })}
            emptyText={t('organizationUnits.noMembers')}
            canManage={manageMembers}
            onAdd={(id) => change(() => addMember(unit.id, id), t('organizationUnits.memberAdded'), 'members')}
            onRemove={(id) => change(() => removeMember(unit.id, id), t('organizationUnits.memberRemoved'), 'members')}
          />
        )}
      </Box>
    </Box>
  );
}
