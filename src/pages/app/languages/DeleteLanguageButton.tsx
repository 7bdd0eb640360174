import { useTranslation } from 'react-i18next';
import { DeleteButton, useRecordContext } from 'react-admin';
import type { LanguageRecord } from './languageBody';

/** Delete with a confirmation; the default language cannot be deleted, so it has no button. */
export function DeleteLanguageButton() {
  const { t } = useTranslation('management');
  const record = useRecordContext<LanguageRecord>();
  if (!record || record.isDefaultLanguage) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle={<>{t('languages.delete.title', { name: record.displayName })}</>}
      confirmContent={<>{t('languages.delete.content')}</>}
    />
  );
}
