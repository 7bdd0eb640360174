import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { Edit, SaveButton, Toolbar, TopToolbar } from 'react-admin';
import { DeleteLanguageButton } from './DeleteLanguageButton';
import { LanguageForm } from './LanguageForm';
import { languageBody } from './languageBody';
import { SetDefaultButton } from './SetDefaultButton';

function EditToolbar() {
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      <DeleteLanguageButton />
    </Toolbar>
  );
}

export default function LanguageEdit() {
  const { t } = useTranslation('management');
  return (
    <Edit title={t('languages.edit')} redirect="list" mutationMode="pessimistic" actions={<TopToolbar><SetDefaultButton /></TopToolbar>} transform={(data: Record<string, unknown>) => languageBody(data, 'update')}>
      <LanguageForm mode="update" toolbar={<EditToolbar />} />
    </Edit>
  );
}
