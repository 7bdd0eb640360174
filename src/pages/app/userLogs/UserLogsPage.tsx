import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DataTable, SelectInput, useRecordContext } from 'react-admin';
import { formatDateTime } from '../../../../common/dates';
import { registerResourceEndpoint } from '../../../providers/resourceEndpoints';
import { AppPage } from '../AppPage';
import { AuditLogDialog } from '../auditLogs/AuditLogDialog';
import type { AuditLogDto } from '../auditLogs/types';
import { useDateRangeFilters } from '../identity/dateRangeFilters';
import type { PickedUser } from '../identity/UserPicker';
import { UserScopedList } from '../identity/UserScopedList';
import { useActionLabel } from '../securityLogs/actions';

// Named as the screen's route key, so canAccess finds Vigil.UserLogs; the endpoint is per user (meta).
const RESOURCE = 'userLogs';
registerResourceEndpoint(RESOURCE, '/api/app/user-logs');

type Entry = ({ kind: 'audit' } & Omit<AuditLogDto, 'executionTime' | 'tenantName'>) | { kind: 'security'; id: string; action: string; clientIpAddress: string | null; applicationName: string };
type TimelineEntry = Entry & { time: string };

function What() {
  const { t } = useTranslation('identity');
  const record = useRecordContext<TimelineEntry>();
  const actionLabel = useActionLabel();
  if (!record) return null;
  if (record.kind === 'security') return <>{actionLabel(record.action)}</>;
  return (
    <>
      {record.httpMethod} {record.url}
      {record.httpStatusCode !== null && (
        <Typography component="span" variant="body2" color={record.httpStatusCode >= 400 ? 'error' : 'text.secondary'}>
          {' '}
          {t('userLogs.status', { status: record.httpStatusCode })}
        </Typography>
      )}
    </>
  );
}

function ChangesButton({ onOpen }: { onOpen: (log: AuditLogDto) => void }) {
  const { t } = useTranslation('identity');
  const record = useRecordContext<TimelineEntry>();
  if (record?.kind !== 'audit') return null;
  const { time, ...rest } = record;
  return (
    <Button size="small" onClick={() => onOpen({ ...rest, executionTime: time })} aria-label={t('auditLogs.detailsOf', { method: record.httpMethod, url: record.url, time: formatDateTime(time, true) })}>
      {record.entityChanges.length ? t('auditLogs.changesCount', { count: record.entityChanges.length }) : t('auditLogs.details')}
    </Button>
  );
}

/** /userLogs: pick a user and see what they did, newest first: their API calls (with changes) and security log. */
export default function UserLogsPage() {
  const { t } = useTranslation('identity');
  const [user, setUser] = useState<PickedUser | null>(null);
  const [open, setOpen] = useState<AuditLogDto | null>(null);
  const filters = [
    <SelectInput
      key="kind"
      source="kind"
      label={t('userLogs.kind')}
      choices={[
        { id: 'audit', name: t('userLogs.kinds.audit') },
        { id: 'security', name: t('userLogs.kinds.security') },
      ]}
      alwaysOn
    />,
    ...useDateRangeFilters(),
  ];
  return (
    <AppPage title={t('userLogs.title')}>
      <UserScopedList
        usersEndpoint="/api/app/user-logs/users"
        pickLabel={t('userLogs.pickUser')}
        pickHelp={t('userLogs.pickUserHelp')}
        user={user}
        onUser={setUser}
        resource={RESOURCE}
        endpointOf={(id) => `/api/app/user-logs/${encodeURIComponent(id)}`}
        filters={filters}
        sort={{ field: 'time', order: 'DESC' }}
        empty={false}
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="time" label={t('userLogs.time')} disableSort render={(r: TimelineEntry) => formatDateTime(r.time, true)} />
          <DataTable.Col source="kind" label={t('userLogs.kind')} disableSort render={(r: TimelineEntry) => t(`userLogs.kinds.${r.kind}`)} sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
          <DataTable.Col label={t('userLogs.what')} sx={{ wordBreak: 'break-all' }}>
            <What />
          </DataTable.Col>
          <DataTable.Col source="clientIpAddress" label={t('securityLogs.fields.ipAddress')} disableSort sx={{ display: { xs: 'none', md: 'table-cell' } }} />
          <DataTable.Col label={t('auditLogs.fields.changes')}>
            <ChangesButton onOpen={setOpen} />
          </DataTable.Col>
        </DataTable>
      </UserScopedList>
      {open && <AuditLogDialog log={open} onClose={() => setOpen(null)} />}
    </AppPage>
  );
}
