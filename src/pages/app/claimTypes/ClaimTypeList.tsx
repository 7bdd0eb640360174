import { useTranslation } from 'react-i18next';
import { BooleanField, DataTable, DeleteButton, EditButton, SearchInput, useRecordContext } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { CreateListActions } from '../../../components/lists/CreateListActions';
import { useValueTypeChoices } from './ClaimTypeForm';

const filters = [<SearchInput key="filter" source="filter" alwaysOn />];

function ValueType() {
  const record = useRecordContext<{ valueType: number }>();
  const choices = useValueTypeChoices();
  return <>{choices.find((c) => c.id === record?.valueType)?.name ?? ''}</>;
}

/** Edit for every type; Delete only for types that are not static (the server refuses those). */
function RowActions() {
  const { t } = useTranslation('identity');
  const record = useRecordContext<{ name: string; isStatic?: boolean }>();
  if (!record) return null;
  return (
    <>
      <EditButton aria-label={t('claimTypes.editOne', { name: record.name })} />
      {!record.isStatic && <DeleteButton mutationMode="pessimistic" aria-label={t('claimTypes.deleteOne', { name: record.name })} confirmTitle={t('claimTypes.deleteTitle', { name: record.name })} confirmContent={t('claimTypes.deleteConfirm')} />}
    </>
  );
}

/** Claim types: name, value type, required, regex and description; edit and delete per row. */
export default function ClaimTypeList() {
  const { t } = useTranslation('identity');
  return (
    <RetryingList title={t('claimTypes.title')} filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<CreateListActions />}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" label={t('claimTypes.fields.name')} />
        <DataTable.Col source="valueType" label={t('claimTypes.fields.valueType')} sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
          <ValueType />
        </DataTable.Col>
        <DataTable.Col source="required" label={t('claimTypes.fields.required')} field={BooleanField} disableSort sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
        <DataTable.Col source="regex" label={t('claimTypes.fields.regex')} disableSort sx={{ display: { xs: 'none', md: 'table-cell' } }} />
        <DataTable.Col source="description" label={t('claimTypes.fields.description')} disableSort sx={{ display: { xs: 'none', md: 'table-cell' } }} />
        <DataTable.Col source="isStatic" label={t('claimTypes.fields.isStatic')} field={BooleanField} disableSort sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
        <DataTable.Col label={t('claimTypes.fields.actions')}>
          <RowActions />
        </DataTable.Col>
      </DataTable>
    </RetryingList>
  );
}
