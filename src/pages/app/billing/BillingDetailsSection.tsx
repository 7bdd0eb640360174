import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { BILLING_DETAIL_FIELDS, isBillingDetailField, pickBillingDetails, type BillingDetailField } from '../../../../common/billing-details';
import { actionKey, errorMessage, saveBillingDetails, type BillingDetails } from './api';

/** How each field is shown; which fields there are and their limits come from the shared list. */
const LOOK: Record<BillingDetailField, { autoComplete: string; multiline?: true }> = {
  name: { autoComplete: 'name' },
  companyName: { autoComplete: 'organization' },
  vatNumber: { autoComplete: 'off' },
  additionalInfo: { autoComplete: 'off', multiline: true },
};

type FieldErrors = Partial<Record<BillingDetailField, string>>;

/** The server's messages for the form's own fields (react-admin's `errors`, from ABP's validationErrors). */
function fieldErrorsOf(err: unknown): FieldErrors {
  const errors = (err as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).filter(([k, v]) => isBillingDetailField(k) && typeof v === 'string')) as FieldErrors;
}

const firstValidationMessage = (err: unknown): string | undefined =>
  (err as { body?: { validationErrors?: { message?: unknown }[] } } | null)?.body?.validationErrors?.find((v) => typeof v.message === 'string')?.message as string | undefined;

const inputId = (field: BillingDetailField) => `billing-details-${field}`;

/** Name, company name, VAT number and additional info: printed as the buyer on invoices. */
export function BillingDetailsSection({ initial }: { initial: BillingDetails }) {
  const { t } = useTranslation('billing');
  const notify = useNotify();
  const [values, setValues] = useState<BillingDetails>(() => pickBillingDetails(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setValues(await saveBillingDetails(values, actionKey()));
      setErrors({});
      notify(t('details.saved'), { type: 'success' });
    } catch (err) {
      const fieldErrors = fieldErrorsOf(err);
      setErrors(fieldErrors);
      const first = BILLING_DETAIL_FIELDS.find((f) => fieldErrors[f.name]);
      // Shown on the field it is about; a toast only when no field applies.
      if (first) document.getElementById(inputId(first.name))?.focus();
      // No field to highlight: say what the server found rather than 'check the highlighted fields'.
      else notify(firstValidationMessage(err) ?? errorMessage(err) ?? t('details.saveFailed'), { type: 'error' });
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
          {BILLING_DETAIL_FIELDS.map((f) => (
            <TextField
              key={f.name}
              id={inputId(f.name)}
              label={t(`details.${f.name}`)}
              value={values[f.name] ?? ''}
              onChange={(e) => {
                setValues({ ...values, [f.name]: e.target.value });
                if (errors[f.name]) setErrors({ ...errors, [f.name]: undefined });
              }}
              autoComplete={LOOK[f.name].autoComplete}
              multiline={LOOK[f.name].multiline}
              minRows={LOOK[f.name].multiline ? 2 : undefined}
              error={Boolean(errors[f.name])}
              helperText={errors[f.name]}
              slotProps={{ htmlInput: { maxLength: f.maxLength } }}
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
