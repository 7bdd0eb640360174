import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { isCardErrorCode } from '../../../../common/payment-cards';
import { actionKey, addCard, cardErrorCode, errorMessage } from './api';

/**
 * Card entry through Stripe Elements (loaded only when the runtime configuration has a Stripe
 * publishable key): the card goes straight to Stripe, which answers a PaymentMethod the server
 * attaches to the account's Stripe customer. Stripe's error codes show our own messages.
 */
function Form({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('billing');
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(actionKey);
  const message = (code: string | undefined) => t(`cardErrors.${code && isCardErrorCode(code) ? code : 'unknown_error'}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setProblem(null);
    try {
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) {
        setProblem(message(error?.code));
        return;
      }
      await addCard({ paymentMethodId: paymentMethod.id }, key);
      onAdded();
    } catch (err) {
      const code = cardErrorCode(err);
      setProblem(code ? message(code) : (errorMessage(err) ?? t('cards.addFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('cards.addTitle')}>
      <Stack spacing={2}>
        <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <CardElement onChange={(e) => setProblem(e.error ? message(e.error.code) : null)} />
        </Box>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('cards.stripeNote')}
        </Typography>
        <Button type="submit" variant="contained" disabled={busy || !stripe}>
          {t('cards.save')}
        </Button>
      </Stack>
    </form>
  );
}

export default function StripeCardForm({ publishableKey, onAdded }: { publishableKey: string; onAdded: () => void }) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <Form onAdded={onAdded} />
    </Elements>
  );
}
