import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { newPasswordProblems, type FormProblem } from '../../../../common/caregiver-account';
import { PasswordHints } from '../../public/registration/PasswordHints';
import { useProblemMessages } from '../../public/registration/useFieldErrors';
import { changePassword, failureOf } from './api';
import { Section } from './Section';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password change with the SPEC section 5 rules shown live; the server also refuses the last five passwords. */
export function PasswordSection() {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const messagesOf = useProblemMessages();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FormProblem[] = [
      ...(form.currentPassword ? [] : [{ member: 'currentPassword', key: 'validation:required' }]),
      ...newPasswordProblems('newPassword', form.newPassword),
      ...(form.confirmPassword === form.newPassword ? [] : [{ member: 'confirmPassword', key: 'validation:passwordsMatch' }]),
    ];
    const messages = messagesOf(problems);
    setErrors(messages);
    if (Object.keys(messages).length) return;
    setBusy(true);
    try {
      await changePassword(form);
      setForm(EMPTY);
      notify(t('account.password.saved'), { type: 'success' });
    } catch (error) {
      const failure = failureOf(error, t('account.password.failed'));
      setErrors(failure.fields);
      notify(failure.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof EMPTY, autoComplete: string) => (
    <TextField
      id={`account-${name}`}
      label={t(`fields.${name}`)}
      type="password"
      autoComplete={autoComplete}
      required
      value={form[name]}
      onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      {...(name === 'newPassword' ? { slotProps: { htmlInput: { 'aria-describedby': 'account-password-hints account-newPassword-helper-text' } } } : {})}
    />
  );

  return (
    <Section id="account-password" title={t('account.password.title')} intro={t('account.password.intro')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="account-password-title">
        {field('currentPassword', 'current-password')}
        <Box>
          {field('newPassword', 'new-password')}
          <PasswordHints password={form.newPassword} id="account-password-hints" />
        </Box>
        {field('confirmPassword', 'new-password')}
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('account.password.save')}
        </Button>
      </Stack>
    </Section>
  );
}
