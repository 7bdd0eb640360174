import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, NullableBooleanInput, NumberInput, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { formatDateTime } from '../../../../common/dates';
import { registerResourceEndpoint } from '../../../providers/resourceEndpoints';
import { usePageTitle } from '../../../components/usePageTitle';
import { PhoneRecordList } from '../../../components/PhoneRecordList';
import { useDateRangeFilters } from '../identity/dateRangeFilters';
import { AuditLogDialog } from './AuditLogDialog';
import { durationText, HTTP_METHODS, type AuditLogDto } from './types';

// Named as the screen's path, so canAccess finds AuditLogging.AuditLogs through src/routing/routes.ts.
const RESOURCE = 'audit-logs';
registerResourceEndpoint(RESOURCE, '/api/audit-logging/audit-logs');

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } };

function DetailsButton({ onOpen }: { onOpen: (log: AuditLogDto) => void }) {
  const { t } = useTranslation('identity');
  const record = useRecordContext<AuditLogDto>();
  if (!record) return null;
  const changes = record.entityChanges.length;
  return (
    <Button size="small" onClick={() => onOpen(record)} aria-label={t('auditLogs.detailsOf', { method: record.httpMethod, url: record.url, time: formatDateTime(record.executionTime, true) })}>
      {changes ? t('auditLogs.changesCount', { count: changes }) : t('auditLogs.details')}
    </Button>
  );
}

/**
 * /audit-logs: every audited API call (the host's, a tenant's or every tenant's, by the app bar's
 * tenant filter), newest first, with ABP's filters; an entry opens with its changed entities. On a
 * phone each entry is a block: method, status and URL (broken only where a line runs out), then
 * time, user and tenant, and its Details button.
 */
export default function AuditLogsPage() {
  const { t, i18n } = useTranslation('identity');
  const [open, setOpen] = useState<AuditLogDto | null>(null);
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  usePageTitle(t('auditLogs.title'));
  const filters = [
    <TextInput key="userName" source="userName" label={t('auditLogs.fields.user')} alwaysOn />,
    <SelectInput key="httpMethod" source="httpMethod" label={t('auditLogs.fields.method')} choices={HTTP_METHODS.map((m) => ({ id: m, name: m }))} alwaysOn />,
    <TextInput key="url" source="url" label={t('auditLogs.fields.url')} />,
    <NumberInput key="httpStatusCode" source="httpStatusCode" label={t('auditLogs.fields.status')} min={100} max={599} />,
    <NullableBooleanInput key="hasException" source="hasException" label={t('auditLogs.fields.hasException')} />,
    ...useDateRangeFilters(),
  ];
  return (
    // A zero-minimum grid track: the wide table scrolls sideways on a phone instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', overflowX: 'auto' }}>
      <RetryingList resource={RESOURCE} title={t('auditLogs.title')} filters={filters} sort={{ field: 'executionTime', order: 'DESC' }} exporter={false} empty={false}>
        {isSmall ? (
          <PhoneRecordList<AuditLogDto>
            primary={(r) => `${r.httpMethod} ${r.httpStatusCode ?? ''} ${r.url}`}
            secondary={(r) => [formatDateTime(r.executionTime, true), r.userName, r.tenantName ?? t('auditLogs.host'), durationText(r.executionDuration, i18n.language)].filter(Boolean).join(' · ')}
            actions={<DetailsButton onOpen={setOpen} />}
          />
        ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="executionTime" label={t('auditLogs.fields.time')} render={(r: AuditLogDto) => formatDateTime(r.executionTime, true)} />
          <DataTable.Col source="userName" label={t('auditLogs.fields.user')} sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
          <DataTable.Col source="tenantName" label={t('auditLogs.fields.tenant')} disableSort render={(r: AuditLogDto) => r.tenantName ?? t('auditLogs.host')} sx={hideOnPhone} />
          <DataTable.Col source="tenantId" label={t('auditLogs.fields.tenantId')} disableSort sx={{ ...hideOnPhone, wordBreak: 'break-all' }} />
          <DataTable.Col source="httpMethod" label={t('auditLogs.fields.method')} />
          <DataTable.Col source="url" label={t('auditLogs.fields.url')} sx={{ wordBreak: 'break-all' }} />
          <DataTable.Col source="httpStatusCode" label={t('auditLogs.fields.status')} />
          <DataTable.Col source="executionDuration" label={t('auditLogs.fields.duration')} render={(r: AuditLogDto) => durationText(r.executionDuration, i18n.language)} sx={hideOnPhone} />
          <DataTable.Col label={t('auditLogs.fields.changes')}>
            <DetailsButton onOpen={setOpen} />
          </DataTable.Col>
        </DataTable>
        )}
      </RetryingList>
      {open && <AuditLogDialog log={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
