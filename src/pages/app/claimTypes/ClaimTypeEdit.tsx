import { useTranslation } from 'react-i18next';
import { Edit } from 'react-admin';
import { claimTypeBody, ClaimTypeForm } from './ClaimTypeForm';

export default function ClaimTypeEdit() {
  const { t } = useTranslation('identity');
  return (
    <Edit title={t('claimTypes.edit')} redirect="list" mutationMode="pessimistic" transform={claimTypeBody}>
      <ClaimTypeForm />
    </Edit>
  );
}
