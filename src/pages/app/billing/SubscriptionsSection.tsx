import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { changePlan, errorMessage, isNoPaymentMethod, pauseSubscription, resumeSubscription, type Plan, type Product, type Subscription } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDay, formatMoney } from './format';
import { renewalPlanOf, renewChargesNow } from '../dashboard/subscriptionCalls';

type Action = { kind: 'pause' | 'renew' | 'plan'; subscription: Subscription };

/** Per device: plan, renewal date and price; change plan, pause and renew behind confirmation dialogs. */
export function SubscriptionsSection(props: { subscriptions: Subscription[]; products: Product[]; hasDefaultCard: boolean; onChanged: () => void }) {
  const { subscriptions, products, onChanged } = props;
  const { t, i18n } = useTranslation('billing');
  const notify = useNotify();
  const [action, setAction] = useState<Action | null>(null);
  const [plan, setPlan] = useState<Plan>('monthly');
  const [needsCard, setNeedsCard] = useState<string | null>(null);
  const lang = i18n.language;
  const priceOf = (p: Plan) => products.find((x) => x.plan === p);
  const close = () => setAction(null);

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      notify(t(done), { type: 'success' });
      setNeedsCard(null);
      close();
      onChanged();
    } catch (err) {
      if (isNoPaymentMethod(err)) setNeedsCard(errorMessage(err) ?? t('errors.noPaymentMethod'));
      notify(errorMessage(err) ?? t(failed), { type: 'error' });
      close();
    }
  };

  /** What renewing does: nothing charged within the paid period, else a new period charged now at today's price of the renewal plan. */
  const renewText = (s: Subscription) => {
    if (!renewChargesNow(s)) return t('subscriptions.renewPaidText', { date: formatDay(s.currentPeriodEnd) });
    const plan = renewalPlanOf(s);
    return t('subscriptions.renewText', { amount: formatMoney(priceOf(plan)?.amount ?? s.amount, priceOf(plan)?.currency ?? s.currency, lang), plan: t(`plans.${plan}`) });
  };
  const device = action?.subscription.deviceName ?? '';
  const date = action ? formatDay(action.subscription.currentPeriodEnd) : '';
  return (
    <section aria-labelledby="billing-subscriptions">
      <Typography variant="h5" component="h2" id="billing-subscriptions" gutterBottom>
        {t('subscriptions.title')}
      </Typography>
      {(needsCard || !props.hasDefaultCard) && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {needsCard ?? t('errors.noPaymentMethod')}
        </Alert>
      )}
      {subscriptions.length === 0 && <Typography color="text.secondary">{t('subscriptions.empty')}</Typography>}
      <Stack spacing={2}>
        {subscriptions.map((s) => (
          <Card key={s.id} variant="outlined" component="article" aria-label={s.deviceName ?? s.deviceId} data-subscription={s.id}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography variant="h6" component="h3" sx={{ mr: 1 }}>
                  {s.deviceName}
                </Typography>
                <Chip size="small" label={t(`statuses.${s.status}`)} color={s.status === 'active' ? 'success' : 'default'} />
              </Stack>
              <Typography>{t(`plans.${s.plan}`)}: {t(`perInterval.${s.plan}`, { amount: formatMoney(s.amount, s.currency, lang) })}</Typography>
              {s.nextPlan && <Typography data-testid="next-plan">{t('subscriptions.nextPlan', { plan: t(`plans.${s.nextPlan}`), date: formatDay(s.currentPeriodEnd) })}</Typography>}
              <Typography color="text.secondary">{t(s.status === 'active' ? 'subscriptions.renews' : 'subscriptions.paidUntil', { date: formatDay(s.currentPeriodEnd) })}</Typography>
            </CardContent>
            {s.status !== 'canceled' && (
              <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button
                  aria-label={`${t('subscriptions.changePlan')}: ${s.deviceName ?? ''}`}
                  onClick={() => {
                    setPlan(renewalPlanOf(s) === 'monthly' ? 'annual' : 'monthly');
                    setAction({ kind: 'plan', subscription: s });
                  }}
                >
                  {t('subscriptions.changePlan')}
                </Button>
                {s.status === 'active' ? (
                  <Button aria-label={`${t('subscriptions.pause')}: ${s.deviceName ?? ''}`} onClick={() => setAction({ kind: 'pause', subscription: s })}>
                    {t('subscriptions.pause')}
                  </Button>
                ) : (
                  <Button variant="contained" aria-label={`${t('subscriptions.renew')}: ${s.deviceName ?? ''}`} onClick={() => setAction({ kind: 'renew', subscription: s })}>
                    {t('subscriptions.renew')}
                  </Button>
                )}
              </CardActions>
            )}
          </Card>
        ))}
      </Stack>

      <ConfirmDialog
        open={action?.kind === 'pause'}
        title={t('subscriptions.pauseTitle', { device })}
        confirmLabel={t('subscriptions.confirmPause')}
        onClose={close}
        onConfirm={(key) => run(() => pauseSubscription(action!.subscription.id, key), 'subscriptions.paused', 'subscriptions.pauseFailed')}
      >
        <Typography>{t('subscriptions.pauseText', { date })}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={action?.kind === 'renew'}
        title={t('subscriptions.renewTitle', { device })}
        confirmLabel={t('subscriptions.confirmRenew')}
        onClose={close}
        onConfirm={(key) => run(() => resumeSubscription(action!.subscription.id, key), 'subscriptions.renewed', 'subscriptions.renewFailed')}
      >
        <Typography>{action && renewText(action.subscription)}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={action?.kind === 'plan'}
        title={t('subscriptions.changePlanTitle', { device })}
        confirmLabel={t('subscriptions.confirmPlan')}
        onClose={close}
        onConfirm={(key) => run(() => changePlan(action!.subscription.id, plan, key), 'subscriptions.planChanged', 'subscriptions.planChangeFailed')}
      >
        <RadioGroup aria-label={t('subscriptions.plan')} value={plan} onChange={(e) => setPlan(e.target.value as Plan)}>
          {(['monthly', 'annual'] as const).map((p) => {
            const price = priceOf(p);
            return (
              <FormControlLabel
                key={p}
                value={p}
                control={<Radio />}
                label={`${t(`plans.${p}`)}${price ? ` (${t(`perInterval.${p}`, { amount: formatMoney(price.amount, price.currency, lang) })})` : ''}`}
              />
            );
          })}
        </RadioGroup>
        <Typography color="text.secondary">{t('subscriptions.changePlanText', { date })}</Typography>
      </ConfirmDialog>
    </section>
  );
}
