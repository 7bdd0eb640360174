import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { DataTable, List, TopToolbar } from 'react-admin';
import { formatDateTime } from '../../../../common/dates';
import { registerResourceEndpoint } from '../../../providers/resourceEndpoints';
import { useDateRangeFilters } from '../identity/dateRangeFilters';
import { useActionLabel } from '../securityLogs/actions';
import { UserPicker, type PickedUser } from '../identity/UserPicker';
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
    <>
      <UserPicker endpoint="/api/app/user-overviews/workinghours" label={t('usersOverview.pickUser')} value={user} onChange={onUser} />
      {!user ? (
        <Typography color="text.secondary">{t('usersOverview.pickUserHelp')}</Typography>
      ) : (
        <List
          key={user.id}
          resource={RESOURCE}
          title={false}
          disableSyncWithLocation
          storeKey={false}
          queryOptions={{ meta: { endpoint: `/api/app/user-overviews/${encodeURIComponent(user.id)}/logs` } }}
          sort={{ field: 'creationTime', order: 'DESC' }}
          filters={dateFilters}
          actions={
            <TopToolbar>
              <ReportButton report="securitylogs" query={{ userId: user.id }} />
            </TopToolbar>
          }
          empty={<Typography color="text.secondary">{t('usersOverview.noLogs')}</Typography>}
        >
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="creationTime" label={t('securityLogs.fields.time')} render={(r: LogEntry) => formatDateTime(r.creationTime)} />
            <DataTable.Col source="action" label={t('securityLogs.fields.action')} render={(r: LogEntry) => actionLabel(r.action)} />
            <DataTable.Col source="clientIpAddress" label={t('securityLogs.fields.ipAddress')} />
            <DataTable.Col source="browserInfo" label={t('securityLogs.fields.browser')} disableSort sx={{ display: { xs: 'none', md: 'table-cell' }, wordBreak: 'break-word' }} />
          </DataTable>
        </List>
      )}
    </>
  );
}
