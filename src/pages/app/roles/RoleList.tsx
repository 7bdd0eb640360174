import { useTranslation } from 'react-i18next';
import { BooleanField, CreateButton, DataTable, EditButton, List, SearchInput, TopToolbar } from 'react-admin';
import { PermissionsButton } from './PermissionsButton';

const filters = [<SearchInput key="filter" source="filter" alwaysOn />];

/** Roles: name and flags, with Edit and Permissions per row. */
export default function RoleList() {
  const { t } = useTranslation('admin');
  return (
    <List title={t('roles.title')} filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<TopToolbar><CreateButton /></TopToolbar>}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" label={t('roles.fields.name')} />
        <DataTable.Col source="isDefault" label={t('roles.fields.isDefault')} field={BooleanField} />
        <DataTable.Col source="isPublic" label={t('roles.fields.isPublic')} field={BooleanField} />
        <DataTable.Col source="isStatic" label={t('roles.fields.isStatic')} field={BooleanField} disableSort />
        <DataTable.Col label={t('roles.fields.actions')}>
          <EditButton />
          <PermissionsButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
