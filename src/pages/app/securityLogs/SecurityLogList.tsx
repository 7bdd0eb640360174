import { useTranslation } from 'react-i18next';
import { DataTable, DateTimeInput, List, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { DateTimeText } from '../../../schema/components/DateTimeText';
import { localDateTimeToIso } from '../../../schema/dateTime';
import { ReportButton } from '../usersOverview/ReportButton';

/** The security log's actions the server writes (ABP's names and ours). */
export const SECURITY_ACTIONS = ['LoginSucceeded', 'LoginFailed', 'LoginLockedOut', 'LoginNotAllowed', 'LoginRateLimited', 'Logout', 'ChangePassword', 'PrivilegeEscalationRefused'] as const;

/** An action's translated name; unknown ones as they are. */
export function useActionLabel() {
  const { t } = useTranslation('identity');
  return (action: string) => t(`securityLogs.actions.${action}`, { defaultValue: action });
}

function ActionField() {
  const record = useRecordContext<{ action: string }>();
  const label = useActionLabel();
  return record ? <>{label(record.action)}</> : null;
}

/** The date range's inputs: the user's wall clock, sent as ISO instants. */
export function useDateRangeFilters() {
  const { t } = useTranslation('identity');
  return [
    <DateTimeInput key="startTime" source="startTime" label={t('filters.from')} parse={localDateTimeToIso} />,
    <DateTimeInput key="endTime" source="endTime" label={t('filters.to')} parse={localDateTimeToIso} />,
  ];
}

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
    <List title={t('securityLogs.title')} filters={filters} sort={{ field: 'creationTime', order: 'DESC' }} actions={<ReportButton report="securitylogs" />}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="creationTime" label={t('securityLogs.fields.time')}>
          <DateTimeText source="creationTime" />
        </DataTable.Col>
        <DataTable.Col source="action" label={t('securityLogs.fields.action')}>
          <ActionField />
        </DataTable.Col>
        <DataTable.Col source="userName" label={t('securityLogs.fields.userName')} />
        <DataTable.Col source="clientIpAddress" label={t('securityLogs.fields.ipAddress')} />
        <DataTable.Col source="clientId" label={t('securityLogs.fields.client')} disableSort />
        <DataTable.Col source="browserInfo" label={t('securityLogs.fields.browser')} disableSort />
      </DataTable>
    </List>
  );
}
