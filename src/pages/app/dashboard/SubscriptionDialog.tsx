import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { needsPaymentMethod, pauseCall, planChangeCall, PLANS, renewCall, type Plan, type Subscription } from './subscriptionCalls';

export type SubscriptionAction = 'pause' | 'renew' | 'plan';

const TEXTS = {
  pause: { title: 'subscription.pauseTitle', text: 'subscription.pauseText', confirm: 'subscription.pauseConfirm', done: 'subscription.paused', failed: 'subscription.pauseFailed' },
  renew: { title: 'subscription.renewTitle', text: 'subscription.renewText', confirm: 'subscription.renewConfirm', done: 'subscription.renewed', failed: 'subscription.renewFailed' },
  plan: { title: 'subscription.planTitle', text: 'subscription.planText', confirm: 'subscription.planConfirm', done: 'subscription.planChanged', failed: 'subscription.planFailed' },
} as const;

/**
 * Pause, renew or change the plan of a device's subscription, each after a confirmation, through
 * billing's endpoints. A refusal for want of a payment card links to the billing page.
 */
export function SubscriptionDialog({ action, device, subscription, onClose, onDone }: { action: SubscriptionAction; device: Device; subscription: Subscription | undefined; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('devices');
  const notify = useNotify();
  const [plan, setPlan] = useState<Plan>(action === 'plan' ? (PLANS.find((p) => p !== subscription?.plan) ?? 'monthly') : (subscription?.plan ?? 'monthly'));
  const [error, setError] = useState<ReactNode>();
  const texts = TEXTS[action];
  const choosesPlan = action === 'plan' || (action === 'renew' && !subscription);

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
      text={t(texts.text, { plan: t(`subscription.${plan}`).toLowerCase() })}
      confirmLabel={t(texts.confirm)}
      onConfirm={confirm}
      onClose={onClose}
      error={error}
    >
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
