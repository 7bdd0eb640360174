import { useTranslation } from 'react-i18next';
import { Create } from 'react-admin';
import { LanguageForm } from './LanguageForm';
import { languageBody } from './languageBody';

export default function LanguageCreate() {
  const { t } = useTranslation('management');
  return (
    <Create title={t('languages.create')} redirect="list" transform={(data: Record<string, unknown>) => languageBody(data, 'create')}>
      <LanguageForm mode="create" />
    </Create>
  );
}
