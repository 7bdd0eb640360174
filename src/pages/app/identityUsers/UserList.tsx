import { useTranslation } from 'react-i18next';
import type { Theme } from '@mui/material/styles';
import { BooleanField, ChipField, CreateButton, DataTable, DataTableClasses, EditButton, SearchInput, SingleFieldList, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { EndSessionsButton } from './EndSessionsButton';
import { LockButton } from './LockButton';

const filters = [<SearchInput key="filter" source="filter" alwaysOn />];

function FullName() {
  const record = useRecordContext<{ name?: string | null; surname?: string | null }>();
  return <>{[record?.name, record?.surname].filter(Boolean).join(' ')}</>;
}

function Roles() {
  const record = useRecordContext<{ roleNames?: string[] }>();
  const roles = (record?.roleNames ?? []).map((name) => ({ id: name, name }));
  return (
    <SingleFieldList data={roles} linkType={false}>
      <ChipField source="name" size="small" />
    </SingleFieldList>
  );
}

/**
 * On a phone the table scrolls sideways inside its own box (`contain: inline-size` keeps its width
 * from widening the page), so the page, its search and its Create button fit the screen.
 */
const phoneScroll = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    [`& .${DataTableClasses.tableWrapper}`]: { overflowX: 'auto', contain: 'inline-size' },
    // Each row stays one line high rather than squeezing its role chips and buttons under each other.
    [`& .${DataTableClasses.table}`]: { minWidth: 'max-content' },
  },
});

/** Identity users: user name, e-mail, name, roles, locked; Edit, Lock/Unlock and End all sessions per row. */
export default function UserList() {
  const { t } = useTranslation('admin');
  return (
    <RetryingList title={t('users.title')} filters={filters} sort={{ field: 'userName', order: 'ASC' }} actions={<TopToolbar><CreateButton /></TopToolbar>}>
      <DataTable rowClick={false} bulkActionButtons={false} sx={phoneScroll}>
        <DataTable.Col source="userName" label={t('users.fields.userName')} field={TextField} />
        <DataTable.Col source="email" label={t('users.fields.email')} />
        <DataTable.Col source="name" label={t('users.fields.name')}>
          <FullName />
        </DataTable.Col>
        <DataTable.Col source="roleNames" label={t('users.fields.roleNames')} disableSort>
          <Roles />
        </DataTable.Col>
        <DataTable.Col source="isLockedOut" label={t('users.fields.isLockedOut')} field={BooleanField} disableSort />
        <DataTable.Col label={t('roles.fields.actions')}>
          <EditButton />
          <LockButton />
          <EndSessionsButton />
        </DataTable.Col>
      </DataTable>
    </RetryingList>
  );
}
