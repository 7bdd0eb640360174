import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cardInputProblem, type CardErrorCode } from '../../../../common/payment-cards';
import { actionKey, addCard, cardErrorCode, errorMessage } from './api';

/**
 * The built-in gateway's own card form: number, expiry, CVC and an optional postal code, checked
 * with the same rules as the server (common/payment-cards.ts) before anything is sent. A refused
 * card shows its card error code's own message.
 */
export function CardForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('billing');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(actionKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
    const card = { number, expMonth: match ? Number(match[1]) : null, expYear: match ? Number(match[2]) : null, cvc, postalCode };
    const local: CardErrorCode | null = expiry.trim() && !match ? 'incomplete_expiry' : cardInputProblem(card);
    if (local) {
      setProblem(t(`cardErrors.${local}`));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await addCard({ card }, key);
      onAdded();
    } catch (err) {
      const code = cardErrorCode(err);
      setProblem(code ? t(`cardErrors.${code}`) : (errorMessage(err) ?? t('cards.addFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('cards.addTitle')}>
      <Stack spacing={2}>
        <TextField label={t('cards.number')} value={number} onChange={(e) => setNumber(e.target.value)} required autoComplete="cc-number" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }} />
        <Stack direction="row" spacing={2}>
          <TextField label={t('cards.expiry')} value={expiry} onChange={(e) => setExpiry(e.target.value)} required autoComplete="cc-exp" placeholder="MM/YY" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }} sx={{ flex: 1 }} />
          <TextField label={t('cards.cvc')} value={cvc} onChange={(e) => setCvc(e.target.value)} required autoComplete="cc-csc" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} sx={{ flex: 1 }} />
        </Stack>
        <TextField label={t('cards.postalCode')} value={postalCode} onChange={(e) => setPostalCode(e.target.value)} autoComplete="postal-code" slotProps={{ htmlInput: { maxLength: 10 } }} />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('cards.secureNote')}
        </Typography>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('cards.save')}
        </Button>
      </Stack>
    </form>
  );
}
