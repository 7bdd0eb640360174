import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import HistoryIcon from '@mui/icons-material/History';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { BooleanField, DataTable, SearchInput, TopToolbar, useCanAccess, useListContext, useRecordContext, useRefresh } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { POLICIES } from '../../../../common/policies';
import { formatDateTime } from '../../../../common/dates';
import { filterQuery } from '../../../providers/abpListQuery';
import { fullName, overviewResource, reportType, type OverviewTab, type OverviewUser } from './overviewResources';
import { ReportButton } from './ReportButton';
import { WEEK, WorkingHoursDialog } from './WorkingHoursDialog';

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } };

function Actions({ tab }: { tab: OverviewTab }) {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <ReportButton report="userOverview" query={{ ...filterQuery(filterValues as Record<string, unknown>), type: reportType(tab) }} />
    </TopToolbar>
  );
}

function HoursSummary() {
  const { t } = useTranslation('identity');
  const record = useRecordContext<OverviewUser>();
  const hours = record?.workingHours ?? [];
  if (hours.length === 0) return <>{t('usersOverview.workingHours.none')}</>;
  const ordered = [...hours].sort((a, b) => WEEK.indexOf(a.dayOfWeek as (typeof WEEK)[number]) - WEEK.indexOf(b.dayOfWeek as (typeof WEEK)[number]) || a.start.localeCompare(b.start));
  return <>{ordered.map((h) => `${t(`usersOverview.daysShort.${h.dayOfWeek}`)} ${h.start}-${h.end}`).join(', ')}</>;
}

function RowActions({ tab, onLogs, onHours }: { tab: OverviewTab; onLogs?: (user: OverviewUser) => void; onHours: (user: OverviewUser) => void }) {
  const { t } = useTranslation('identity');
  const record = useRecordContext<OverviewUser>();
  const { canAccess: canEditHours = false } = useCanAccess({ resource: `${POLICIES.usersOverview}.Update`, action: 'access' });
  if (!record) return null;
  // A button's label stays on one line (the table cell would otherwise break 'Logs' into 'Lo' and 'gs').
  const oneLine = { whiteSpace: 'nowrap', flexShrink: 0, '& *': { overflowWrap: 'normal' } } as const;
  return (
    <>
      {tab === 'workinghours' && canEditHours && (
        <Button size="small" sx={oneLine} startIcon={<ScheduleIcon />} onClick={() => onHours(record)} aria-label={t('usersOverview.workingHours.editOf', { name: record.userName })}>
          {t('usersOverview.workingHours.edit')}
        </Button>
      )}
      {onLogs && (
        <Button size="small" sx={oneLine} startIcon={<HistoryIcon />} onClick={() => onLogs(record)} aria-label={t('usersOverview.logsOf', { name: record.userName })}>
          {t('usersOverview.logs')}
        </Button>
      )}
    </>
  );
}

/** One tab of the users overview: the list of its kind with search, sorting, paging and the report download. */
export function OverviewList({ tab, onLogs }: { tab: OverviewTab; onLogs?: (user: OverviewUser) => void }) {
  const { t } = useTranslation('identity');
  const refresh = useRefresh();
  const [editing, setEditing] = useState<OverviewUser | null>(null);
  return (
    <>
      <RetryingList
        resource={overviewResource(tab)}
        title={false}
        disableSyncWithLocation
        storeKey={false}
        filters={[<SearchInput key="filter" source="filter" alwaysOn />]}
        sort={{ field: 'userName', order: 'ASC' }}
        actions={<Actions tab={tab} />}
        empty={false}
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="userName" label={t('usersOverview.fields.userName')} sx={{ wordBreak: 'break-word' }} />
          <DataTable.Col source="name" label={t('usersOverview.fields.name')} render={(r: OverviewUser) => fullName(r)} sx={hideOnPhone} />
          <DataTable.Col source="email" label={t('usersOverview.fields.email')} sx={hideOnPhone} />
          {tab === 'phonenumberlogin' && <DataTable.Col source="phoneNumber" label={t('usersOverview.fields.phoneNumber')} />}
          {tab === 'mitid' && <DataTable.Col source="mitId.displayName" label={t('usersOverview.fields.mitIdName')} disableSort />}
          {tab === 'mitid' && (
            <DataTable.Col source="mitId.linkedTime" label={t('usersOverview.fields.mitIdLinked')} disableSort render={(r: OverviewUser) => (r.mitId ? formatDateTime(r.mitId.linkedTime) : '')} sx={hideOnPhone} />
          )}
          {tab === 'workinghours' ? (
            <DataTable.Col source="workingHours" label={t('usersOverview.fields.workingHours')} disableSort>
              <HoursSummary />
            </DataTable.Col>
          ) : (
            <DataTable.Col source="roles" label={t('usersOverview.fields.roles')} disableSort render={(r: OverviewUser) => r.roles.join(', ')} sx={hideOnPhone} />
          )}
          <DataTable.Col source="isActive" label={t('usersOverview.fields.active')} field={BooleanField} disableSort sx={hideOnPhone} />
          <DataTable.Col source="isLockedOut" label={t('usersOverview.fields.locked')} field={BooleanField} disableSort sx={hideOnPhone} />
          <DataTable.Col source="lastSignInTime" label={t('usersOverview.fields.lastSignIn')} render={(r: OverviewUser) => (r.lastSignInTime ? formatDateTime(r.lastSignInTime) : '')} sx={hideOnPhone} />
          <DataTable.Col source="tenantName" label={t('usersOverview.fields.tenant')} disableSort sx={hideOnPhone} />
          <DataTable.Col label={t('usersOverview.fields.actions')}>
            <RowActions tab={tab} onLogs={onLogs} onHours={setEditing} />
          </DataTable.Col>
        </DataTable>
      </RetryingList>
      {editing && (
        <WorkingHoursDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
