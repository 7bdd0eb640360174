import { useTranslation } from 'react-i18next';
import type { Theme } from '@mui/material/styles';
import { DataTable, DataTableClasses, SelectInput, TextInput, TopToolbar, useRecordContext } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { DateTimeText } from '../../../schema/components/DateTimeText';
import { useDateRangeFilters } from '../identity/dateRangeFilters';
import { ReportButton } from '../usersOverview/ReportButton';
import { SECURITY_ACTIONS, useActionLabel } from './actions';

function ActionField() {
  const record = useRecordContext<{ action: string }>();
  const label = useActionLabel();
  return record ? <>{label(record.action)}</> : null;
}

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' }, wordBreak: 'break-word' };

/**
 * On a phone the table (time, action, user) scrolls sideways inside its own box: `contain:
 * inline-size` keeps its width from widening the page, its filters and its report button.
 */
const phoneScroll = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    [`& .${DataTableClasses.tableWrapper}`]: { overflowX: 'auto', contain: 'inline-size' },
  },
});

/** Security logs: sign-ins, failures, sign-outs and password changes, newest first; filter by user, action and time. */
export default function SecurityLogList() {
  const { t } = useTranslation('identity');
  const actionLabel = useActionLabel();
  const filters = [
    <TextInput key="userName" source="userName" label={t('securityLogs.fields.userName')} alwaysOn />,
    <SelectInput key="action" source="action" label={t('securityLogs.fields.action')} choices={SECURITY_ACTIONS.map((id) => ({ id, name: actionLabel(id) }))} alwaysOn />,
    ...useDateRangeFilters(),
  ];
  return (
    <RetryingList
      title={t('securityLogs.title')}
      filters={filters}
      sort={{ field: 'creationTime', order: 'DESC' }}
      actions={
        <TopToolbar>
          <ReportButton report="securitylogs" />
        </TopToolbar>
      }
    >
      <DataTable rowClick={false} bulkActionButtons={false} sx={phoneScroll}>
        <DataTable.Col source="creationTime" label={t('securityLogs.fields.time')}>
          <DateTimeText source="creationTime" />
        </DataTable.Col>
        <DataTable.Col source="action" label={t('securityLogs.fields.action')}>
          <ActionField />
        </DataTable.Col>
        <DataTable.Col source="userName" label={t('securityLogs.fields.userName')} />
        <DataTable.Col source="clientIpAddress" label={t('securityLogs.fields.ipAddress')} sx={hideOnPhone} />
        <DataTable.Col source="clientId" label={t('securityLogs.fields.client')} disableSort sx={hideOnPhone} />
        <DataTable.Col source="browserInfo" label={t('securityLogs.fields.browser')} disableSort sx={hideOnPhone} />
      </DataTable>
    </RetryingList>
  );
}
