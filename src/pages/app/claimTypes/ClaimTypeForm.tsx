import { useTranslation } from 'react-i18next';
import { BooleanInput, maxLength, required, SelectInput, TextInput } from 'react-admin';
import { AppSimpleForm } from '../../../components/forms/AppSimpleForm';

/** ABP's claim value types, by the number the API carries. */
export const VALUE_TYPES = ['string', 'int', 'boolean', 'dateTime'] as const;

export function useValueTypeChoices() {
  const { t } = useTranslation('identity');
  return VALUE_TYPES.map((name, id) => ({ id, name: t(`claimTypes.valueTypes.${name}`) }));
}

/** Only what the claim types endpoint accepts (it refuses other properties). */
export function claimTypeBody(data: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  return {
    name: data.name,
    required: data.required === true,
    regex: text(data.regex),
    regexDescription: text(data.regexDescription),
    description: text(data.description),
    valueType: typeof data.valueType === 'number' ? data.valueType : 0,
    ...(typeof data.concurrencyStamp === 'string' ? { concurrencyStamp: data.concurrencyStamp } : {}),
  };
}

export function ClaimTypeForm() {
  const { t } = useTranslation('identity');
  const choices = useValueTypeChoices();
  return (
    <AppSimpleForm defaultValues={{ valueType: 0, required: false }}>
      <TextInput source="name" label={t('claimTypes.fields.name')} validate={[required(), maxLength(256)]} fullWidth />
      <SelectInput source="valueType" label={t('claimTypes.fields.valueType')} choices={choices} validate={required()} fullWidth />
      <BooleanInput source="required" label={t('claimTypes.fields.required')} />
      <TextInput source="regex" label={t('claimTypes.fields.regex')} helperText={t('claimTypes.regexHelp')} validate={maxLength(512)} fullWidth />
      <TextInput source="regexDescription" label={t('claimTypes.fields.regexDescription')} validate={maxLength(128)} fullWidth />
      <TextInput source="description" label={t('claimTypes.fields.description')} validate={maxLength(256)} multiline fullWidth />
    </AppSimpleForm>
  );
}
