import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { registrationProblems, type RegistrationFields } from '../../../../common/caregiver-account';
import { textLinkSx } from '../../../components/TextLink';
import { PasswordHints } from './PasswordHints';
import { publicApi } from '../publicApi';
import { useProblemMessages } from './useFieldErrors';

const EMPTY: RegistrationFields = { userName: '', fullName: '', email: '', phoneNumber: '', password: '', confirmPassword: '', agreeTerms: false, productUpdates: false };

type TextFieldName = 'userName' | 'fullName' | 'email' | 'phoneNumber' | 'password' | 'confirmPassword';
const TEXT_FIELDS: { name: TextFieldName; type: string; autoComplete: string; required: boolean }[] = [
  { name: 'userName', type: 'text', autoComplete: 'username', required: true },
  { name: 'fullName', type: 'text', autoComplete: 'name', required: true },
  { name: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel', required: false },
  { name: 'password', type: 'password', autoComplete: 'new-password', required: true },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password', required: true },
];

/**
 * The registration form (SPEC sections 3 and 5): checked in the browser with the server's own
 * rules (common/caregiver-account.ts) first, then by the server, whose field messages show at the
 * fields. On success the page says where the link was sent.
 */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation(['profile', 'translation']);
  const messagesOf = useProblemMessages();
  const [form, setForm] = useState<RegistrationFields>(EMPTY);
  const [tried, setTried] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const errors = tried ? { ...serverFields, ...messagesOf(registrationProblems(form)) } : serverFields;

  const change = <K extends keyof RegistrationFields>(name: K, value: RegistrationFields[K]) => {
    setForm((f) => ({ ...f, [name]: value }));
    setServerFields(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (registrationProblems(form).length) return;
    setBusy(true);
    const result = await publicApi<{ email: string }>('plugandplay/profile/pending-registration', { method: 'POST', body: { ...form, phoneNumber: form.phoneNumber || null } });
    setBusy(false);
    if (result.ok) return onRegistered(form.email.trim());
    setServerFields(result.fields);
    setFailure(result.message ?? t('profile:registration.failed'));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('profile:registration.formLabel')}>
      <Stack spacing={2.5}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {TEXT_FIELDS.map((field) => (
          <Box key={field.name}>
            <TextField
              id={`registration-${field.name}`}
              name={field.name}
              label={t(`profile:fields.${field.name}`)}
              type={field.type}
              autoComplete={field.autoComplete}
              required={field.required}
              fullWidth
              value={form[field.name] ?? ''}
              onChange={(e) => change(field.name, e.target.value)}
              error={Boolean(errors[field.name])}
              helperText={errors[field.name] ?? (field.name === 'phoneNumber' ? t('profile:registration.phoneHelp') : undefined)}
              slotProps={field.name === 'password' ? { htmlInput: { 'aria-describedby': 'registration-password-hints registration-password-helper-text' } } : {}}
            />
            {field.name === 'password' && <PasswordHints password={form.password} id="registration-password-hints" />}
          </Box>
        ))}
        <FormControl error={Boolean(errors.agreeTerms)} required>
          <FormControlLabel
            control={<Checkbox checked={form.agreeTerms} onChange={(e) => change('agreeTerms', e.target.checked)} slotProps={{ input: { 'aria-describedby': 'registration-agree-helper' } }} />}
            label={
              <>
                {t('profile:registration.agreeBefore')}{' '}
                <Box component="a" href="/terms" target="_blank" rel="noopener" sx={textLinkSx}>
                  {t('profile:registration.termsLink')}
                </Box>{' '}
                {t('profile:registration.agreeAnd')}{' '}
                <Box component="a" href="/privacy-policy" target="_blank" rel="noopener" sx={textLinkSx}>
                  {t('profile:registration.privacyLink')}
                </Box>
              </>
            }
          />
          <FormHelperText id="registration-agree-helper">{errors.agreeTerms ?? ' '}</FormHelperText>
        </FormControl>
        <FormControlLabel
          control={<Checkbox checked={form.productUpdates ?? false} onChange={(e) => change('productUpdates', e.target.checked)} />}
          label={t('profile:registration.productUpdates')}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('profile:registration.submitting') : t('profile:registration.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
