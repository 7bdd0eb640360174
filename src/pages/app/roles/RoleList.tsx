import { useTranslation } from 'react-i18next';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BooleanField, DataTable, EditButton, SearchInput } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { CreateListActions } from '../../../components/lists/CreateListActions';
import { PhoneRecordList } from '../../../components/PhoneRecordList';
import { PermissionsButton } from './PermissionsButton';
import { showsAllTenants } from './tenantScope';

interface RoleRow {
  id: string;
  name: string;
  tenantId: string | null;
  /** The server's name of the role's tenant: an id is never shown. */
  tenantName?: string | null;
  isDefault?: boolean;
  isPublic?: boolean;
  isStatic?: boolean;
}

const actions = (
  <>
    <EditButton />
    <PermissionsButton />
  </>
);

const filters = [<SearchInput key="filter" source="filter" alwaysOn />];

/**
 * Roles: name and flags, with Edit and Permissions per row; while every tenant is listed, whose
 * role it is (a host role and a tenant's may share a name). On a phone each role is a block whose
 * name opens it, with its flags and buttons under it.
 */
export default function RoleList() {
  const { t } = useTranslation('admin');
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const everyTenant = showsAllTenants();
  const tenantOf = (role: RoleRow) => (role.tenantId ? (role.tenantName ?? '') : t('tenantFilter.own'));
  const flags = (role: RoleRow) => (['isDefault', 'isPublic', 'isStatic'] as const).filter((flag) => role[flag]).map((flag) => t(`roles.fields.${flag}`));
  return (
    <RetryingList title={t('roles.title')} filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<CreateListActions />}>
      {isSmall ? (
        <PhoneRecordList<RoleRow> open="edit" primary={(role) => role.name} secondary={(role) => [...(everyTenant ? [tenantOf(role)] : []), ...flags(role)].join(' · ')} actions={actions} />
      ) : (
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" label={t('roles.fields.name')} />
        {everyTenant && (
          <DataTable.Col
            source="tenantId"
            label={t('tenantFilter.label')}
            disableSort
            render={tenantOf}
          />
        )}
        <DataTable.Col source="isDefault" label={t('roles.fields.isDefault')} field={BooleanField} />
        <DataTable.Col source="isPublic" label={t('roles.fields.isPublic')} field={BooleanField} />
        <DataTable.Col source="isStatic" label={t('roles.fields.isStatic')} field={BooleanField} disableSort />
        <DataTable.Col label={t('roles.fields.actions')}>{actions}</DataTable.Col>
      </DataTable>
      )}
    </RetryingList>
  );
}
