import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import StarIcon from '@mui/icons-material/Star';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { BooleanField, DataTable, EditButton, SearchInput, SimpleList, useRecordContext } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { CreateListActions } from '../../../components/lists/CreateListActions';
import type { LanguageRecord } from './languageBody';
import { DeleteLanguageButton } from './DeleteLanguageButton';
import { LanguageNameField } from './LanguageNameField';
import { SetDefaultButton } from './SetDefaultButton';
import { LIST_QUERY_OPTIONS } from '../management/listQueryOptions';

/** `sx` places the chip: on a phone it follows the name on the same line, so it keeps a gap from it. */
function DefaultField({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation('management');
  const record = useRecordContext<LanguageRecord>();
  return record?.isDefaultLanguage ? <Chip size="small" color="primary" icon={<StarIcon />} label={t('languages.default')} sx={sx} /> : null;
}

function RowActions() {
  return (
    <>
      <EditButton />
      <SetDefaultButton />
      <DeleteLanguageButton />
    </>
  );
}

const filters = [<SearchInput key="filter" source="filter" alwaysOn />];

/**
 * Languages offered: the default marked, Edit, Set as default and Delete per row; on a phone a
 * one-column list whose rows open the edit page, which has the same actions.
 */
export default function LanguageList() {
  const { t } = useTranslation('management');
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <RetryingList queryOptions={LIST_QUERY_OPTIONS} title={t('languages.title')} filters={filters} sort={{ field: 'displayName', order: 'ASC' }} actions={<CreateListActions />}>
      {isSmall ? (
        <SimpleList<LanguageRecord>
          primaryText={<LanguageNameField />}
          secondaryText={(r) => r.cultureName}
          tertiaryText={<DefaultField sx={{ ml: 1 }} />}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="displayName" label={t('languages.fields.displayName')}>
            <LanguageNameField />
          </DataTable.Col>
          <DataTable.Col source="cultureName" label={t('languages.fields.cultureName')} />
          <DataTable.Col source="isEnabled" label={t('languages.fields.isEnabled')} field={BooleanField} disableSort />
          <DataTable.Col source="isDefaultLanguage" label={t('languages.default')} disableSort>
            <DefaultField />
          </DataTable.Col>
          <DataTable.Col label={t('common.actions')}>
            <RowActions />
          </DataTable.Col>
        </DataTable>
      )}
    </RetryingList>
  );
}
