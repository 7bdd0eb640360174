import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify } from 'react-admin';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ConfirmDialog } from './ConfirmDialog';
import type { Device } from './api';
import { sendCall } from './api';
import { callError } from './errors';
import { needsPaymentMethod, pauseCall, planChangeCall, PLANS, renewalPlanOf, renewCall, renewChargesNow, type Plan, type Subscription } from './subscriptionCalls';
import { api } from '../../../providers/openapi/typedApi';
import { formatDay, formatMoney } from '../billing/format';
import { TestPaymentsNotice } from '../billing/TestPaymentsNotice';

export type SubscriptionAction = 'pause' | 'renew' | 'plan';

const TEXTS = {
  pause: { title: 'subscription.pauseTitle', confirm: 'subscription.pauseConfirm', done: 'subscription.paused', failed: 'subscription.pauseFailed' },
  renew: { title: 'subscription.renewTitle', confirm: 'subscription.renewConfirm', done: 'subscription.renewed', failed: 'subscription.renewFailed' },
  start: { title: 'subscription.startTitle', confirm: 'subscription.startConfirm', done: 'subscription.started', failed: 'subscription.renewFailed' },
  plan: { title: 'subscription.planTitle', confirm: 'subscription.planConfirm', done: 'subscription.planChanged', failed: 'subscription.planFailed' },
} as const;

/** The plans at the caller's prices (discount applied), for the amounts the dialog names. */
const useProducts = () => useQuery({ queryKey: ['dashboard-products'], queryFn: ({ signal }) => api('get', '/api/stripe/products/products', { tenant: false, signal }) });

/**
 * Pause, renew (or start) or change the plan of a device's subscription, each after a
 * confirmation, through billing's endpoints. The text says what confirming does: what is charged
 * now and when, and what the watch's alarms do. A refusal for want of a payment card links to the
 * billing page.
 */
export function SubscriptionDialog({ action, device, subscription, onClose, onDone }: { action: SubscriptionAction; device: Device; subscription: Subscription | undefined; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation('devices');
  const notify = useNotify();
  const products = useProducts();
  const [plan, setPlan] = useState<Plan>(action === 'plan' ? (PLANS.find((p) => p !== subscription?.plan) ?? 'monthly') : subscription ? renewalPlanOf(subscription) : 'monthly');
  const [error, setError] = useState<ReactNode>();
  const kind = action === 'renew' && !subscription ? 'start' : action;
  const texts = TEXTS[kind];
  const choosesPlan = action === 'plan' || kind === 'start';
  const price = products.data?.items.find((p) => p.plan === plan);
  const values = {
    plan: t(`subscription.${plan}`).toLowerCase(),
    amount: price ? formatMoney(price.amount, price.currency, i18n.language) : '…',
    date: subscription ? formatDay(subscription.currentPeriodEnd) : '',
  };
  const text =
    kind === 'pause' ? 'subscription.pauseText'
    : kind === 'plan' ? 'subscription.planText'
    : kind === 'start' ? 'subscription.startText'
    : renewChargesNow(subscription) ? 'subscription.renewText'
    : 'subscription.renewPaidText';

  const confirm = async () => {
    const call = action === 'pause' ? pauseCall(subscription!) : action === 'plan' ? planChangeCall(subscription!, plan) : renewCall(device.id, subscription, plan);
    try {
      await sendCall(call);
      notify(t(texts.done, { name: device.name }), { type: 'success' });
      onDone();
    } catch (e) {
      const noCard = t('subscription.noPaymentMethod');
      if (needsPaymentMethod(e, noCard)) {
        setError(
          <>
            {noCard}{' '}
            <Link component={RouterLink} to="/subscription/billing" color="inherit" sx={{ fontWeight: 600 }}>
              {t('subscription.addCard')}
            </Link>
          </>,
        );
      } else {
        setError(callError(e, t(texts.failed)).message);
      }
    }
  };

  return (
    <ConfirmDialog
      open
      title={t(texts.title, { name: device.name })}
      text={t(text, values)}
      confirmLabel={t(texts.confirm)}
      onConfirm={confirm}
      onClose={onClose}
      error={error}
    >
      {kind !== 'pause' && <TestPaymentsNotice sx={{ mt: 2 }} />}
      {choosesPlan && (
        <FormControl sx={{ mt: 2 }}>
          <FormLabel id="plan-label">{t('device.plan')}</FormLabel>
          <RadioGroup aria-labelledby="plan-label" value={plan} onChange={(e) => setPlan(e.target.value as Plan)}>
            {PLANS.map((p) => (
              <FormControlLabel
                key={p}
                value={p}
                control={<Radio />}
                label={p === subscription?.plan ? `${t(`subscription.${p}`)} (${t('subscription.current')})` : t(`subscription.${p}`)}
                disabled={action === 'plan' && p === subscription?.plan}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    </ConfirmDialog>
  );
}
