import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from 'react-admin';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { profileProblems } from '../../../../common/caregiver-account';
import { useProblemMessages } from '../../public/registration/useFieldErrors';
import { failureOf, updateProfile, type Profile, type ProfileInput } from './api';
import { Section } from './Section';

const FIELDS = [
  { name: 'fullName', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel' },
] as const;

/** Name, e-mail and phone, checked with the registration's rules before the server's. */
export function ProfileSection({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const messagesOf = useProblemMessages();
  const [form, setForm] = useState<ProfileInput>({ fullName: profile.fullName, email: profile.email, phoneNumber: profile.phoneNumber, productUpdates: profile.productUpdates });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = messagesOf(profileProblems(form));
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      onSaved(await updateProfile(form));
      notify(t('account.profile.saved'), { type: 'success' });
    } catch (error) {
      const failure = failureOf(error, t('account.profile.failed'));
      setErrors(failure.fields);
      notify(failure.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="account-profile" title={t('account.profile.title')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="account-profile-title">
        <TextField label={t('fields.userName')} value={profile.userName} fullWidth disabled />
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`account-${field.name}`}
            label={t(`fields.${field.name}`)}
            type={field.type}
            autoComplete={field.autoComplete}
            required={field.name !== 'phoneNumber'}
            value={form[field.name]}
            onChange={(e) => setForm((f) => ({ ...f, [field.name]: e.target.value }))}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name]}
            fullWidth
          />
        ))}
        <FormControlLabel
          control={<Checkbox checked={form.productUpdates} onChange={(e) => setForm((f) => ({ ...f, productUpdates: e.target.checked }))} />}
          label={t('registration.productUpdates')}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('account.profile.save')}
        </Button>
      </Stack>
    </Section>
  );
}
