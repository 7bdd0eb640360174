import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TimeOfDayInput } from '../../../components/dates/TimeOfDayInput';
import { failureOf } from '../../../components/forms/failureOf';
import { saveSettings, type SettingsSync, type SettingValues } from './api';
import { changedSettings, formValues, kindOf, slotErrors, type FormValue, type FormValues } from './settingValues';

/**
 * The settings a watch can be sent, as fields, starting from what staff want (else what the watch
 * reported). Save sends the changed ones through the model's route; the server's messages show
 * on their fields, in the user's language.
 */
export function SettingsForm({ deviceId, sync, onSaved }: { deviceId: string; sync: SettingsSync; onSaved: (next: SettingsSync) => void }) {
  const { t } = useTranslation('stock');
  const settings = sync.settableSettings.filter((s) => kindOf(s));
  const [initial] = useState(() => formValues(settings, { ...sync.reported, ...sync.wanted }));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (setting: string, value: FormValue) => setValues((v) => ({ ...v, [setting]: value }));
  const name = (setting: string) => t(`deviceSettings.names.${setting}`, { defaultValue: setting });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = changedSettings(initial, values);
    setErrors({});
    if (Object.keys(changed).length === 0) {
      setNotice({ severity: 'info', text: t('deviceSettings.nothingChanged') });
      return;
    }
    setNotice(null);
    setBusy(true);
    try {
      onSaved(await saveSettings(sync.model ?? '', deviceId, changed as SettingValues));
    } catch (error) {
      const { message, fields } = failureOf(error, t('deviceSettings.saveFailed'));
      setErrors(fields);
      // A message that names a field shows there; any other (the device, a refusal of the whole change) above Save.
      const onFields = Object.keys(fields).some((f) => settings.some((s) => f === `settings.${s}` || f.startsWith(`settings.${s}.`)));
      if (!onFields) setNotice({ severity: 'error', text: Object.values(fields)[0] ?? message });
    } finally {
      setBusy(false);
    }
  };

  const field = (setting: string) => {
    const error = errors[`settings.${setting}`];
    const value = values[setting]!;
    switch (kindOf(setting)) {
      case 'seconds':
        return (
          <TextField
            key={setting}
            label={name(setting)}
            type="number"
            value={value}
            onChange={(e) => set(setting, e.target.value)}
            error={Boolean(error)}
            helperText={error ?? t(`deviceSettings.help.${setting}`)}
            slotProps={{ htmlInput: { inputMode: 'numeric', step: 1 } }}
          />
        );
      case 'time':
        // Quiet hours are a pair: one help text, under its second field.
        return (
          <TimeOfDayInput
            key={setting}
            label={name(setting)}
            value={String(value)}
            onChange={(time) => set(setting, time)}
            error={Boolean(error)}
            helperText={error ?? (setting === 'silentTo' ? t('deviceSettings.help.silent') : ' ')}
            size="medium"
          />
        );
      case 'switch':
        return (
          <Box key={setting}>
            <FormControlLabel control={<Switch checked={value === true} onChange={(e) => set(setting, e.target.checked)} />} label={name(setting)} />
            <FormHelperText error={Boolean(error)} sx={{ mt: 0 }}>
              {error ?? t(`deviceSettings.help.${setting}`)}
            </FormHelperText>
          </Box>
        );
      case 'phones': {
        const slots = value as string[];
        const perSlot = slotErrors(errors, slots);
        return (
          <Box key={setting} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" gutterBottom>
              {name(setting)}
            </Typography>
            <Stack spacing={1.5}>
              {slots.map((phone, slot) => (
                <TextField
                  // Slots are fixed: the first, second and third number.
                  key={slot}
                  label={t('deviceSettings.sosNumber', { number: slot + 1 })}
                  type="tel"
                  value={phone}
                  onChange={(e) => set(setting, slots.map((n, i) => (i === slot ? e.target.value : n)))}
                  error={Boolean(perSlot[slot])}
                  helperText={perSlot[slot]}
                  slotProps={{ htmlInput: { autoComplete: 'off' } }}
                />
              ))}
            </Stack>
            <FormHelperText error={Boolean(error)}>{error ?? t('deviceSettings.help.sosNumbers')}</FormHelperText>
          </Box>
        );
      }
      default:
        return null;
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ maxWidth: 480 }}>
      <Stack spacing={2}>
        {settings.map(field)}
        {notice && (
          <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
            {notice.severity === 'error' ? `${t('deviceSettings.saveFailed')}: ${notice.text}` : notice.text}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('deviceSettings.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
