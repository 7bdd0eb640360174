import { describe, expect, it } from 'vitest';
import { isDeviceIdentifier, normalizeDeviceIdentifier } from '../../common/devices';
import { parseDeviceQr } from '../../src/components/devices/qrPayload';
import { needsPaymentMethod, pauseCall, planChangeCall, renewCall, subscriptionOf, subscriptionState, type Subscription } from '../../src/pages/app/dashboard/subscriptionCalls';

/**
 * The dashboard's rules that need no browser: the billing calls behind pause, renew and plan
 * change (billing's endpoints are exercised end to end by the billing tests), the subscription
 * state shown per device, and what a watch box's QR code may hold.
 */
const sub = (over: Partial<Subscription> = {}): Subscription => ({ id: 'sub_1', deviceId: 'dev-1', deviceName: null, plan: 'monthly', status: 'active', currentPeriodEnd: '2030-01-01T00:00:00.000Z', nextPlan: null, amount: 9900, currency: 'dkk', ...over });

describe('dashboard subscription calls', () => {
  it('pauses, resumes and changes the plan by subscription id; starts a new one for a device without', () => {
    expect(pauseCall(sub())).toEqual({ method: 'POST', path: '/api/stripe/subscription/pause-subscription', body: { subscriptionId: 'sub_1' } });
    expect(renewCall('dev-1', sub({ status: 'paused' }), 'annual')).toEqual({ method: 'POST', path: '/api/stripe/subscription/resume-subscription', body: { subscriptionId: 'sub_1' } });
    expect(renewCall('dev-1', undefined, 'annual')).toEqual({ method: 'POST', path: '/api/stripe/subscription/subscriptions', body: { deviceId: 'dev-1', plan: 'annual' } });
    expect(planChangeCall(sub(), 'annual')).toEqual({ method: 'POST', path: '/api/stripe/subscription/update-subscription', body: { subscriptionId: 'sub_1', plan: 'annual' } });
  });

  it("shows billing's state when billing answered, the device's own otherwise; an ended subscription is none", () => {
    const device = { id: 'dev-1', subscriptionStatus: 'active' as const };
    expect(subscriptionState(device, undefined)).toBe('active');
    expect(subscriptionState({ ...device, subscriptionStatus: 'paused' }, undefined)).toBe('paused');
    expect(subscriptionState(device, [])).toBe('none');
    expect(subscriptionState(device, [sub({ status: 'paused' })])).toBe('paused');
    expect(subscriptionState(device, [sub({ deviceId: 'other', status: 'paused' })])).toBe('none');
    expect(subscriptionState(device, [sub({ status: 'canceled' })])).toBe('none');
    expect(subscriptionOf('dev-1', [sub({ id: 'old', status: 'canceled' }), sub({ id: 'new' })])?.id).toBe('new');
  });

  it('recognises the missing payment method refusal only as a 403 with that code or message', () => {
    const translated = 'Du har ingen betalingsmetode.';
    expect(needsPaymentMethod({ status: 403, message: "You don't have a payment method. You need to add a default card to continue.", body: {} }, translated)).toBe(true);
    expect(needsPaymentMethod({ status: 403, message: translated, body: {} }, translated)).toBe(true);
    expect(needsPaymentMethod({ status: 403, message: 'Anything', body: { code: 'Vigil.Billing:NoPaymentMethod' } }, translated)).toBe(true);
    expect(needsPaymentMethod({ status: 400, message: "You don't have a payment method.", body: {} }, translated)).toBe(false);
    expect(needsPaymentMethod({ status: 403, message: 'You do not have permission to do this.', body: { code: 'Vigil:Forbidden' } }, translated)).toBe(false);
    expect(needsPaymentMethod(null, translated)).toBe(false);
  });
});

describe('device identifiers and QR codes', () => {
  it('takes 15-digit IMEIs and serial numbers with a letter, ignoring spaces', () => {
    expect(isDeviceIdentifier('356938035643809')).toBe(true);
    expect(isDeviceIdentifier('35693 80356 43809')).toBe(true);
    expect(normalizeDeviceIdentifier(' 35693 80356 43809 ')).toBe('356938035643809');
    expect(isDeviceIdentifier('VGL10-000512')).toBe(true);
    for (const bad of ['12345', '3569380356438091', '35693803564380', '12-34-56', 'AB!CD', '']) expect(isDeviceIdentifier(bad), bad).toBe(false);
  });

  it('reads a bare number, JSON, a link and labelled text; refuses a code without an identifier', () => {
    expect(parseDeviceQr('356938035643825')).toEqual({ imei: '356938035643825' });
    expect(parseDeviceQr('{"imei":"356938035643825","deviceId":"VW4-43825"}')).toEqual({ imei: '356938035643825', deviceId: 'VW4-43825' });
    expect(parseDeviceQr('https://vigil.example/add?imei=356938035643825&deviceId=VW4-43825')).toEqual({ imei: '356938035643825', deviceId: 'VW4-43825' });
    expect(parseDeviceQr('IMEI: 356938035643825; Device ID: VW4-43825')).toEqual({ imei: '356938035643825', deviceId: 'VW4-43825' });
    expect(parseDeviceQr('SN=VGL10-000512\nID=L10-0512')).toEqual({ imei: 'VGL10-000512', deviceId: 'L10-0512' });
    expect(parseDeviceQr('Vigil Watch 4 356938035643825 made in DK')).toEqual({ imei: '356938035643825' });
    expect(parseDeviceQr('https://vigil.example/')).toBeUndefined();
    expect(parseDeviceQr('{"imei":"123"}')).toBeUndefined();
    expect(parseDeviceQr('Hello, world!')).toBeUndefined();
  });
});
