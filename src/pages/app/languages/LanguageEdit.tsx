import { useTranslation } from 'react-i18next';
import { Edit, TopToolbar } from 'react-admin';
import { SaveDeleteToolbar } from '../management/SaveDeleteToolbar';
import { DeleteLanguageButton } from './DeleteLanguageButton';
import { LanguageForm } from './LanguageForm';
import { languageBody } from './languageBody';
import { SetDefaultButton } from './SetDefaultButton';

export default function LanguageEdit() {
  const { t } = useTranslation('management');
  return (
    <Edit title={t('languages.edit')} redirect="list" mutationMode="pessimistic" actions={<TopToolbar><SetDefaultButton /></TopToolbar>} transform={(data: Record<string, unknown>) => languageBody(data, 'update')}>
      <LanguageForm mode="update" toolbar={<SaveDeleteToolbar deleteButton={<DeleteLanguageButton />} />} />
    </Edit>
  );
}
