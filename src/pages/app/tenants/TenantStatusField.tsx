import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from '../../../../common/dates';
import { tenantStatus, type TenantRecord } from './tenantBody';

const COLOR = { active: 'success', activeUntil: 'primary', expired: 'warning', inactive: 'default' } as const;

/** Active, active until a date, expired or inactive, as a chip. */
export function TenantStatusField() {
  const { t } = useTranslation('management');
  const record = useRecordContext<TenantRecord>();
  if (!record) return null;
  const status = tenantStatus(record);
  const until = record.activationEndDate ? formatDateTime(record.activationEndDate) : '';
  return <Chip size="small" color={COLOR[status]} label={t(`tenants.state.${status}`, { date: until })} />;
}
