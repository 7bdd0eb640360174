/**
 * The billing calls the dashboard makes (server/billing's contract), built as plain data so the
 * rules are testable without a browser: which call pauses, renews or changes the plan of a
 * device, and what the dashboard shows as a device's subscription state.
 */
import type { AnswerOf, BodyOf } from '../../../providers/openapi/typedApi';

export const SUBSCRIPTIONS_PATH = '/api/stripe/subscription/subscriptions';
export type Subscription = AnswerOf<typeof SUBSCRIPTIONS_PATH>['items'][number];
export type Plan = Subscription['plan'];
export const PLANS: readonly Plan[] = ['monthly', 'annual'];

type CallPath = typeof SUBSCRIPTIONS_PATH | '/api/stripe/subscription/pause-subscription' | '/api/stripe/subscription/resume-subscription' | '/api/stripe/subscription/update-subscription';
/** One billing call: its path with the body that path takes. */
export type ApiCall = { [P in CallPath]: { method: 'POST'; path: P; body: BodyOf<P, 'post'> } }[CallPath];

/** A subscription that ended is no subscription: the device needs a new one to be renewed. */
const ENDED = new Set(['canceled', 'cancelled', 'incomplete_expired', 'ended']);

/** The device's current subscription (the last one that has not ended). */
export function subscriptionOf(deviceId: string, items: readonly Subscription[] | undefined): Subscription | undefined {
  return items?.filter((s) => s.deviceId === deviceId && !ENDED.has(s.status)).at(-1);
}

export type SubscriptionState = 'active' | 'paused' | 'none';

/**
 * What the dashboard shows: billing's subscription when billing answered, else the device's own
 * subscription status (billing unreachable: the last state the device row knows).
 */
export function subscriptionState(device: { id: string; subscriptionStatus: 'active' | 'paused' }, items: readonly Subscription[] | undefined): SubscriptionState {
  if (!items) return device.subscriptionStatus;
  const subscription = subscriptionOf(device.id, items);
  if (!subscription) return 'none';
  return subscription.status === 'paused' ? 'paused' : 'active';
}

/**
 * Whether confirming "renew" charges now: starting a subscription charges its first period, and
 * renewing a paused one charges a new period once its paid period has ended; within it, nothing.
 */
export function renewChargesNow(subscription: Subscription | undefined, now = new Date()): boolean {
  return !subscription || new Date(subscription.currentPeriodEnd) <= now;
}

/** The plan a renewal is charged on: a waiting plan change, else the plan in force. */
export const renewalPlanOf = (subscription: Subscription): Plan => subscription.nextPlan ?? subscription.plan;

export function pauseCall(subscription: Subscription): ApiCall {
  return { method: 'POST', path: '/api/stripe/subscription/pause-subscription', body: { subscriptionId: subscription.id } };
}

/** A paused subscription is resumed; a device without one gets a new one on the chosen plan. */
export function renewCall(deviceId: string, subscription: Subscription | undefined, plan: Plan): ApiCall {
  if (subscription) return { method: 'POST', path: '/api/stripe/subscription/resume-subscription', body: { subscriptionId: subscription.id } };
  return { method: 'POST', path: SUBSCRIPTIONS_PATH, body: { deviceId, plan } };
}

export function planChangeCall(subscription: Subscription, plan: Plan): ApiCall {
  return { method: 'POST', path: '/api/stripe/subscription/update-subscription', body: { subscriptionId: subscription.id, plan } };
}

const NO_PAYMENT_METHOD = "You don't have a payment method";

/**
 * Whether billing refused because the account has no default card (SPEC section 8): a 403 whose
 * code names the payment method, or whose message is that text (in English or as translated).
 */
export function needsPaymentMethod(error: unknown, translated: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, message, body } = error as { status?: number; message?: string; body?: { code?: string | null } };
  if (status !== 403) return false;
  if (body?.code && /payment.?method/i.test(body.code)) return true;
  return typeof message === 'string' && (message.startsWith(NO_PAYMENT_METHOD) || message === translated);
}
