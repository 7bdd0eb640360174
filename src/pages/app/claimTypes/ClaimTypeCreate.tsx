import { useTranslation } from 'react-i18next';
import { Create } from 'react-admin';
import { claimTypeBody, ClaimTypeForm } from './ClaimTypeForm';

export default function ClaimTypeCreate() {
  const { t } = useTranslation('identity');
  return (
    <Create title={t('claimTypes.create')} redirect="list" transform={claimTypeBody}>
      <ClaimTypeForm />
    </Create>
  );
}
