import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { actionKey, errorMessage, saveBillingDetails, type BillingDetails } from './api';

const FIELDS = [
  { name: 'name', max: 200, autoComplete: 'name' },
  { name: 'companyName', max: 200, autoComplete: 'organization' },
  { name: 'vatNumber', max: 20, autoComplete: 'off' },
  { name: 'additionalInfo', max: 1000, autoComplete: 'off', multiline: true },
] as const;

/** Name, company name, VAT number and additional info: printed as the buyer on invoices. */
export function BillingDetailsSection({ initial }: { initial: BillingDetails }) {
  const { t } = useTranslation('billing');
  const notify = useNotify();
  const [values, setValues] = useState<BillingDetails>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setValues(await saveBillingDetails(values, actionKey()));
      setErrors({});
      notify(t('details.saved'), { type: 'success' });
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, unknown> } }).body;
      setErrors(Object.fromEntries(Object.entries(body?.errors ?? {}).filter(([k, v]) => k !== 'root' && typeof v === 'string')) as Record<string, string>);
      notify(errorMessage(err) ?? t('details.saveFailed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="billing-details">
      <Typography variant="h5" component="h2" id="billing-details" gutterBottom>
        {t('details.title')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {t('details.intro')}
      </Typography>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          {FIELDS.map((f) => (
            <TextField
              key={f.name}
              label={t(`details.${f.name}`)}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              autoComplete={f.autoComplete}
              multiline={'multiline' in f}
              minRows={'multiline' in f ? 2 : undefined}
              error={Boolean(errors[f.name])}
              helperText={errors[f.name]}
              slotProps={{ htmlInput: { maxLength: f.max } }}
            />
          ))}
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {t('details.save')}
          </Button>
        </Stack>
      </form>
    </section>
  );
}
