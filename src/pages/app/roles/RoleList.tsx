import { useTranslation } from 'react-i18next';
import type { Theme } from '@mui/material/styles';
import { BooleanField, CreateButton, DataTable, DataTableClasses, EditButton, SearchInput, TopToolbar } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { PermissionsButton } from './PermissionsButton';
import { showsAllTenants } from './tenantScope';

interface RoleRow {
  id: string;
  name: string;
  tenantId: string | null;
  /** The server's name of the role's tenant: an id is never shown. */
  tenantName?: string | null;
}

const filters = [<SearchInput key="filter" source="filter" alwaysOn />];

/**
 * On a phone the table scrolls sideways inside its own box (`contain: inline-size` keeps its width
 * from widening the page), so the page, its search and its Create button fit the screen.
 */
const phoneScroll = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    [`& .${DataTableClasses.tableWrapper}`]: { overflowX: 'auto', contain: 'inline-size' },
    // Each row stays one line high rather than squeezing its buttons under each other.
    [`& .${DataTableClasses.table}`]: { minWidth: 'max-content' },
  },
});

/**
 * Roles: name and flags, with Edit and Permissions per row; while every tenant is listed, whose
 * role it is (a host role and a tenant's may share a name).
 */
export default function RoleList() {
  const { t } = useTranslation('admin');
  const everyTenant = showsAllTenants();
  return (
    <RetryingList title={t('roles.title')} filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<TopToolbar><CreateButton /></TopToolbar>}>
      <DataTable rowClick={false} bulkActionButtons={false} sx={phoneScroll}>
        <DataTable.Col source="name" label={t('roles.fields.name')} />
        {everyTenant && (
          <DataTable.Col
            source="tenantId"
            label={t('tenantFilter.label')}
            disableSort
            render={(role: RoleRow) => (role.tenantId ? (role.tenantName ?? '') : t('tenantFilter.own'))}
          />
        )}
        <DataTable.Col source="isDefault" label={t('roles.fields.isDefault')} field={BooleanField} />
        <DataTable.Col source="isPublic" label={t('roles.fields.isPublic')} field={BooleanField} />
        <DataTable.Col source="isStatic" label={t('roles.fields.isStatic')} field={BooleanField} disableSort />
        <DataTable.Col label={t('roles.fields.actions')}>
          <EditButton />
          <PermissionsButton />
        </DataTable.Col>
      </DataTable>
    </RetryingList>
  );
}
