import { useTranslation } from 'react-i18next';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BooleanField, ChipField, DataTable, EditButton, SearchInput, SingleFieldList, TextField, useRecordContext } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { CreateListActions } from '../../../components/lists/CreateListActions';
import { PhoneRecordList } from '../../../components/PhoneRecordList';
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

interface UserRow {
  id: string;
  userName: string;
  email?: string | null;
  name?: string | null;
  surname?: string | null;
  isLockedOut?: boolean;
}

const actions = (
  <>
    <EditButton />
    <LockButton />
    <EndSessionsButton />
  </>
);

/**
 * Identity users: user name, e-mail, name, roles, locked; Edit, Lock/Unlock and End all sessions
 * per row. On a phone each user is a block (name, e-mail, roles) with its buttons under it.
 */
export default function UserList() {
  const { t } = useTranslation('admin');
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <RetryingList title={t('users.title')} filters={filters} sort={{ field: 'userName', order: 'ASC' }} actions={<CreateListActions />}>
      {isSmall ? (
        <PhoneRecordList<UserRow>
          open="edit"
          primary={(user) => user.userName}
          secondary={(user) => (
            <>
              {[[user.name, user.surname].filter(Boolean).join(' '), user.email].filter(Boolean).join(' · ')}
              {user.isLockedOut ? ` · ${t('users.fields.isLockedOut')}` : ''}
              <Roles />
            </>
          )}
          actions={actions}
        />
      ) : (
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="userName" label={t('users.fields.userName')} field={TextField} />
        <DataTable.Col source="email" label={t('users.fields.email')} />
        <DataTable.Col source="name" label={t('users.fields.name')}>
          <FullName />
        </DataTable.Col>
        <DataTable.Col source="roleNames" label={t('users.fields.roleNames')} disableSort>
          <Roles />
        </DataTable.Col>
        <DataTable.Col source="isLockedOut" label={t('users.fields.isLockedOut')} field={BooleanField} disableSort />
        <DataTable.Col label={t('roles.fields.actions')}>{actions}</DataTable.Col>
      </DataTable>
      )}
    </RetryingList>
  );
}
