import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18next } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readNamespace } from '../../server/localization/texts';
import type { Device } from '../../src/pages/app/dashboard/api';
import { DeviceList } from '../../src/pages/app/dashboard/DeviceList';
import { SubscriptionDialog } from '../../src/pages/app/dashboard/SubscriptionDialog';
import { SubscriptionsSection } from '../../src/pages/app/billing/SubscriptionsSection';
import type { Subscription } from '../../src/pages/app/dashboard/subscriptionCalls';
import * as typedApi from '../../src/providers/openapi/typedApi';
import { RuntimeConfigProvider } from '../../src/components/RuntimeConfigContext';
import type { RuntimeConfig } from '../../src/config/runtime';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/**
 * What the dashboard says about a watch's subscription (docs/decisions/047-subscription-lifecycle.md):
 * a watch without an active one says on its card that its alarms reach the app only, with the
 * action that changes it; a waiting plan change shows with the date it applies; the renew and
 * start dialogs say what is charged now. The typed API call is the double (the products the
 * dialog prices with); the server's side is tests/api/billing-lifecycle.test.ts.
 */
vi.mock('../../src/providers/openapi/typedApi', () => ({ api: vi.fn() }));

const PRODUCTS = {
  items: [
    { id: 'subscription:monthly', plan: 'monthly', name: 'Monthly', interval: 'month', amount: 179.1, currency: 'DKK', discountPercentage: 10 },
    { id: 'subscription:annual', plan: 'annual', name: 'Annual', interval: 'year', amount: 1791, currency: 'DKK', discountPercentage: 10 },
  ],
};

const watch = (id: string, name: string, subscriptionStatus: 'active' | 'paused'): Device => ({
  id, name, imei: `35693803564${id.padStart(4, '0')}`, deviceId: null, model: 'watch4', status: 'offline', subscriptionStatus,
  batteryLevel: null, charging: false, lastContact: null, promotionsOptIn: false, creationTime: '2026-01-01T00:00:00.000Z', concurrencyStamp: 's',
});
const subscription = (deviceId: string, change: Partial<Subscription>): Subscription => ({
  id: `sub-${deviceId}`, deviceId, deviceName: null, plan: 'monthly', nextPlan: null, status: 'active', currentPeriodEnd: '2030-03-12T10:00:00.000Z', amount: 179.1, currency: 'DKK', ...change,
});

async function textsIn(lng: string): Promise<I18next> {
  const i18n = await servedI18n(lng);
  for (const code of ['dev', lng]) for (const ns of ['devices', 'billing']) i18n.addResourceBundle(code, ns, readNamespace(code === 'dev' ? 'en' : code, ns));
  return i18n;
}

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

beforeAll(() => {
  schemaScreens();
  vi.mocked(typedApi.api).mockImplementation((async (_method: string, path: string) => {
    if (path === '/api/stripe/products/products') return PRODUCTS;
    throw new Error(`unexpected call ${path}`);
  }) as never);
});

describe("a watch card's subscription", () => {
  it('says what a watch without an active subscription does, with the action that changes it; a waiting plan change with its date', async () => {
    const devices = [watch('1', 'Granny', 'paused'), watch('2', 'Grandpa', 'paused'), watch('3', 'Mum', 'active')];
    const subscriptions = [subscription('2', { status: 'paused' }), subscription('3', { nextPlan: 'annual' })];
    const onAction = vi.fn();
    renderScreen(<DeviceList devices={devices} subscriptions={subscriptions} onAction={onAction} onPosition={() => undefined} />, { resource: 'devices', i18n: await textsIn('en'), dataProvider: recordingDataProvider() });

    const granny = within(cardOf('Granny'));
    expect(granny.getByText('No subscription', { selector: 'dd span' })).toBeTruthy();
    expect(granny.getByTestId('subscription-notice').textContent).toContain('No subscription: alarms show only in the app. No mails, push messages or text messages are sent.');
    fireEvent.click(granny.getByRole('button', { name: 'Start subscription' }));
    expect(onAction).toHaveBeenCalledWith('renew', devices[0]);

    const grandpa = within(cardOf('Grandpa'));
    expect(grandpa.getByTestId('subscription-notice').textContent).toContain('Subscription paused: alarms show only in the app.');
    fireEvent.click(grandpa.getByRole('button', { name: 'Renew subscription' }));
    expect(onAction).toHaveBeenLastCalledWith('renew', devices[1]);

    // Active, on the plan in force, with the change that waits for the renewal and its date.
    const mum = within(cardOf('Mum'));
    expect(mum.queryByTestId('subscription-notice')).toBeNull();
    expect(mum.getByText(/^Active · Monthly/).textContent).toBe('Active · Monthly · Annual from 12/03/30');
  });

  it('says it in the carer\'s language', async () => {
    renderScreen(<DeviceList devices={[watch('1', 'Mormor', 'paused')]} subscriptions={[]} onAction={() => undefined} onPosition={() => undefined} />, { resource: 'devices', i18n: await textsIn('da'), dataProvider: recordingDataProvider() });
    const card = within(cardOf('Mormor'));
    expect(card.getByTestId('subscription-notice').textContent).toContain("Intet abonnement: alarmerne vises kun i appen. Der sendes ingen mails, push-beskeder eller sms'er.");
    expect(card.getByRole('button', { name: 'Start abonnement' })).toBeTruthy();
  });
});

describe('the renew and start dialogs', () => {
  /** The built-in gateway runs: the dialogs say no money moves. */
  const CONFIG = { productName: 'Vigil', stripePublishableKey: '', testPayments: true } as RuntimeConfig;
  const open = async (sub: Subscription | undefined) => {
    const dialog = <SubscriptionDialog action="renew" device={watch('1', 'Granny', 'paused')} subscription={sub} onClose={() => undefined} onDone={() => undefined} />;
    renderScreen(<RuntimeConfigProvider config={CONFIG}>{dialog}</RuntimeConfigProvider>, {
      resource: 'devices', i18n: await textsIn('en'), dataProvider: recordingDataProvider(),
    });
    return screen.getByRole('dialog');
  };

  it('says nothing is charged within the paid period, and until when it is paid', async () => {
    const dialog = await open(subscription('1', { status: 'paused', currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000).toISOString() }));
    await waitFor(() => expect(dialog.textContent).toMatch(/Nothing is charged now: the period until \d\d\/\d\d\/\d\d is paid\. From then on DKK\s?179\.10 is charged for the monthly plan\./));
    expect(dialog.textContent).not.toMatch(/charged to your default card now/);
  });

  it('says what is charged now after the paid period: the renewal plan at its price, with an invoice', async () => {
    const dialog = await open(subscription('1', { status: 'paused', nextPlan: 'annual', currentPeriodEnd: new Date(Date.now() - 86_400_000).toISOString() }));
    await waitFor(() => expect(dialog.textContent).toMatch(/DKK\s?1,791\.00 for the annual plan is charged to your default card now, and the invoice appears under Billing\./));
  });

  it('starts a subscription for a watch without one, saying the first period is charged now', async () => {
    const dialog = await open(undefined);
    expect(screen.getByRole('heading', { name: 'Start a subscription for Granny?' })).toBeTruthy();
    await waitFor(() => expect(dialog.textContent).toMatch(/DKK\s?179\.10 for the monthly plan is charged to your default card now and again at each renewal\./));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Annual' }));
    await waitFor(() => expect(dialog.textContent).toMatch(/DKK\s?1,791\.00 for the annual plan/));
    expect(within(dialog).getByRole('button', { name: 'Start subscription' })).toBeTruthy();
    expect(within(dialog).getByTestId('test-payments').textContent).toMatch(/^Test payments: no money moves\./);
  });
});

describe("Billing's subscriptions", () => {
  const billingTexts = async () => {
    const i18n = await servedI18n('en');
    for (const code of ['dev', 'en']) i18n.addResourceBundle(code, 'billing', readNamespace('en', 'billing'));
    return i18n;
  };

  it('shows the plan in force with the waiting change and its date, and says adding a watch starts none', async () => {
    const products = PRODUCTS.items as never;
    const view = renderScreen(<SubscriptionsSection subscriptions={[subscription('3', { deviceName: 'Mum', nextPlan: 'annual' })]} products={products} hasDefaultCard onChanged={() => undefined} />, {
      resource: 'billing', i18n: await billingTexts(), dataProvider: recordingDataProvider(),
    });
    const mum = within(screen.getByRole('article', { name: 'Mum' }));
    expect(mum.getByText(/^Monthly subscription:/).textContent).toMatch(/^Monthly subscription: DKK\s?179\.10 per month$/);
    expect(mum.getByTestId('next-plan').textContent).toBe('Annual subscription from 12/03/30');
    view.unmount();
    renderScreen(<SubscriptionsSection subscriptions={[]} products={products} hasDefaultCard onChanged={() => undefined} />, { resource: 'billing', i18n: await billingTexts(), dataProvider: recordingDataProvider() });
    expect(screen.getByText(/^No subscriptions yet\./).textContent).toBe("No subscriptions yet. Adding a watch starts none: start its subscription from the watch's card on the dashboard. Until then its alarms show only in the app.");
  });
});
