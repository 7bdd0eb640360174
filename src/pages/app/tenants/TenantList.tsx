import { useTranslation } from 'react-i18next';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CreateButton, DataTable, EditButton, FilterButton, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { DateTimeText } from '../../../schema/components/DateTimeText';
import { DeleteTenantButton } from './DeleteTenantButton';
import { FeaturesButton } from './FeaturesButton';
import { TenantStatusField } from './TenantStatusField';
import { DateInput } from '../../../components/dates/DateInput';
import { ACTIVATION_STATE, type TenantRecord } from './tenantBody';
import { LIST_QUERY_OPTIONS } from '../management/listQueryOptions';

/** Search, activation and expiration range: shown at once on a wide screen, behind "Add filter" on a phone. */
function useFilters(isSmall: boolean) {
  const { t } = useTranslation('management');
  const states = [
    { id: ACTIVATION_STATE.active, name: t('tenants.activationState.0') },
    { id: ACTIVATION_STATE.activeWithLimitedTime, name: t('tenants.activationState.1') },
    { id: ACTIVATION_STATE.passive, name: t('tenants.activationState.2') },
  ];
  return [
    <SearchInput key="filter" source="filter" alwaysOn placeholder={t('tenants.search')} slotProps={{ htmlInput: { 'aria-label': t('tenants.search') } }} />,
    <SelectInput key="activationState" source="activationState" label={t('tenants.fields.activationState')} choices={states} helperText={false} alwaysOn={!isSmall} />,
    <DateInput key="expirationDateMin" source="expirationDateMin" label={t('tenants.filters.expirationFrom')} sends="dayStart" filter helperText={false} alwaysOn={!isSmall} />,
    <DateInput key="expirationDateMax" source="expirationDateMax" label={t('tenants.filters.expirationTo')} sends="dayEnd" filter helperText={false} alwaysOn={!isSmall} />,
  ];
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  );
}

/**
 * Tenants: searchable by name, customer number or contact e-mail, filtered by activation state and
 * expiration date, sorted by name, expiration or creation. Edit, Features and Delete per row; on a
 * phone a one-column list whose rows open the edit page (Features and Delete are there too).
 */
export default function TenantList() {
  const { t } = useTranslation('management');
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <RetryingList queryOptions={LIST_QUERY_OPTIONS} title={t('tenants.title')} filters={useFilters(isSmall)} sort={{ field: 'name', order: 'ASC' }} actions={<Actions />}>
      {isSmall ? (
        <SimpleList<TenantRecord> primaryText={(r) => r.name} secondaryText={<TenantStatusField />} tertiaryText={(r) => r.customerNumber ?? ''} rowClick="edit" />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="name" label={t('tenants.fields.name')} />
          <DataTable.Col source="customerNumber" label={t('tenants.fields.customerNumber')} disableSort />
          <DataTable.Col source="contactEmail" label={t('tenants.fields.contactEmail')} disableSort />
          <DataTable.Col source="activationState" label={t('tenants.fields.activationState')} disableSort>
            <TenantStatusField />
          </DataTable.Col>
          <DataTable.Col source="activationEndDate" label={t('tenants.fields.activationEndDate')}>
            <DateTimeText source="activationEndDate" />
          </DataTable.Col>
          <DataTable.Col source="creationTime" label={t('tenants.fields.creationTime')}>
            <DateTimeText source="creationTime" />
          </DataTable.Col>
          <DataTable.Col label={t('common.actions')}>
            <EditButton />
            <FeaturesButton />
            <DeleteTenantButton />
          </DataTable.Col>
        </DataTable>
      )}
    </RetryingList>
  );
}
