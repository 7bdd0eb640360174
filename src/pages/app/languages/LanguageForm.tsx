import { useEffect, type ReactElement } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BooleanInput, maxLength, regex, required, SelectInput, TextInput, useRecordContext, type ToolbarProps } from 'react-admin';
import { AppSimpleForm } from '../../../components/forms/AppSimpleForm';
import { addableCultures, cultureDefaults, flagEmoji, type LanguageRecord } from './languageBody';
import { useAddedLanguages, useCultureList } from './useCultures';

/** The flag codes the endpoint takes ('dk', 'gb', 'pt-br'). */
const FLAG = /^[a-z]{2}(-[a-z0-9]{1,8})?$/;

/** On create: the culture from the culture list; choosing one fills in its name and flag when still empty. */
function CultureInput() {
  const { t } = useTranslation('management');
  const cultures = useCultureList();
  const added = useAddedLanguages();
  const { setValue, getValues } = useFormContext();
  const chosen = useWatch({ name: 'cultureName' }) as string | undefined;
  useEffect(() => {
    const defaults = chosen && cultures ? cultureDefaults(chosen, cultures) : undefined;
    if (!defaults) return;
    if (!getValues('displayName')) setValue('displayName', defaults.displayName, { shouldDirty: true });
    if (!getValues('flagIcon')) setValue('flagIcon', defaults.flagIcon, { shouldDirty: true });
  }, [chosen, cultures, getValues, setValue]);
  const choices = cultures && added ? addableCultures(cultures, added) : [];
  return (
    <SelectInput
      source="cultureName"
      label={t('languages.fields.cultureName')}
      choices={choices}
      isPending={!cultures || !added}
      validate={required()}
      helperText={cultures && added && choices.length === 0 ? t('languages.help.allAdded') : t('languages.help.cultureName')}
      fullWidth
    />
  );
}

function FlagPreview() {
  const code = useWatch({ name: 'flagIcon' }) as string | undefined;
  const emoji = flagEmoji(code);
  return emoji ? <span aria-hidden="true" style={{ fontSize: '1.5rem' }}>{emoji}</span> : null;
}

/** Culture (chosen on create, fixed afterwards), display name, flag and whether it is offered. */
export function LanguageForm({ mode, toolbar }: { mode: 'create' | 'update'; toolbar?: ReactElement<ToolbarProps> }) {
  const { t } = useTranslation('management');
  const record = useRecordContext<LanguageRecord>();
  return (
    <AppSimpleForm sx={{ maxWidth: 600 }} {...(toolbar ? { toolbar } : {})}>
      {mode === 'create' ? <CultureInput /> : <TextInput source="cultureName" label={t('languages.fields.cultureName')} disabled fullWidth />}
      <TextInput source="displayName" label={t('languages.fields.displayName')} validate={[required(), maxLength(64)]} fullWidth autoComplete="off" />
      <TextInput
        source="flagIcon"
        label={t('languages.fields.flagIcon')}
        validate={[regex(FLAG, t('languages.help.flagIcon')), maxLength(16)]}
        helperText={t('languages.help.flagIcon')}
        fullWidth
        autoComplete="off"
        slotProps={{ input: { endAdornment: <FlagPreview /> }, htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      <BooleanInput
        source="isEnabled"
        label={t('languages.fields.isEnabled')}
        defaultValue
        disabled={record?.isDefaultLanguage === true}
        helperText={record?.isDefaultLanguage ? t('languages.help.defaultStaysEnabled') : t('languages.help.isEnabled')}
      />
    </AppSimpleForm>
  );
}
