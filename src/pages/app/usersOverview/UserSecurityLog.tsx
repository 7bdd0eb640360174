import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { DataTable, TopToolbar } from 'react-admin';
import { formatDateTime } from '../../../../common/dates';
import { registerResourceEndpoint } from '../../../providers/resourceEndpoints';
import { useDateRangeFilters } from '../identity/dateRangeFilters';
import { useActionLabel } from '../securityLogs/actions';
import type { PickedUser } from '../identity/UserPicker';
import { UserScopedList } from '../identity/UserScopedList';
import { ReportButton } from './ReportButton';

const RESOURCE = 'user-overviews/logs';
// The endpoint is per user (meta.endpoint); this is only the resource's name.
registerResourceEndpoint(RESOURCE, '/api/app/user-overviews/logs');

interface LogEntry {
  id: string;
  action: string;
  creationTime: string;
  clientIpAddress?: string | null;
  browserInfo?: string | null;
}

/**
 * One user's security log (GET /api/app/user-overviews/{id}/logs), newest first, and its download.
 * Users are picked from the overview's every-user list (the working hours endpoint lists them all).
 */
export function UserSecurityLog({ user, onUser }: { user: PickedUser | null; onUser: (user: PickedUser | null) => void }) {
  const { t } = useTranslation('identity');
  const actionLabel = useActionLabel();
  const dateFilters = useDateRangeFilters();
  return (
    <UserScopedList
      usersEndpoint="/api/app/user-overviews/workinghours"
      pickLabel={t('usersOverview.pickUser')}
      pickHelp={t('usersOverview.pickUserHelp')}
      user={user}
      onUser={onUser}
      resource={RESOURCE}
      endpointOf={(id) => `/api/app/user-overviews/${encodeURIComponent(id)}/logs`}
      sort={{ field: 'creationTime', order: 'DESC' }}
      filters={dateFilters}
      actions={user ? <TopToolbar><ReportButton report="securitylogs" query={{ userId: user.id }} /></TopToolbar> : false}
      empty={<Typography color="text.secondary">{t('usersOverview.noLogs')}</Typography>}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="creationTime" label={t('securityLogs.fields.time')} render={(r: LogEntry) => formatDateTime(r.creationTime)} />
        <DataTable.Col source="action" label={t('securityLogs.fields.action')} render={(r: LogEntry) => actionLabel(r.action)} />
        <DataTable.Col source="clientIpAddress" label={t('securityLogs.fields.ipAddress')} />
        <DataTable.Col source="browserInfo" label={t('securityLogs.fields.browser')} disableSort sx={{ display: { xs: 'none', md: 'table-cell' }, wordBreak: 'break-word' }} />
      </DataTable>
    </UserScopedList>
  );
}
