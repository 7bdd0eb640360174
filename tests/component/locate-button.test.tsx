import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18next } from 'i18next';
import { HttpError } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readNamespace, translate } from '../../server/localization/texts';
import type { Device } from '../../src/pages/app/dashboard/api';
import { LocateButton } from '../../src/pages/app/dashboard/LocateButton';
import { LOCATE_TIMING } from '../../src/pages/app/dashboard/useLocate';
import { apiErrorParts } from '../../src/providers/abpErrors';
import * as typedApi from '../../src/providers/openapi/typedApi';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/**
 * "Locate now" on a watch's card (src/pages/app/dashboard/LocateButton.tsx, useLocate.ts): what
 * the carer reads as the request goes, in two languages. The one double is the typed API call,
 * answered as the server would from a scripted watch: the request's status and the last fix
 * (the routes themselves are the api project's subject, the whole journey the e2e file's).
 */
vi.mock('../../src/providers/openapi/typedApi', () => ({ api: vi.fn() }));

const DEVICE_ID = '4b1d0f7e-5a0c-4d3e-9f55-0000000000d1';
const COMMAND_ID = '8c0a7d51-3f2e-4b6a-9d10-0000000000c1';
/** Late evening, local time: the carer's night. */
const NOW = new Date(2026, 10, 21, 22, 13, 40);
const OLD_FIX = new Date(2026, 10, 21, 21, 5, 0).toISOString();
const NEW_FIX = new Date(2026, 10, 21, 22, 14, 5).toISOString();

/** What the server answers: the request's status and the device's last fix, as the test's watch makes them. */
const watch = { status: 'queued', fix: OLD_FIX as string | null, refusal: null as Error | null };
const calls: string[] = [];

function command(status: string) {
  return { id: COMMAND_ID, deviceId: DEVICE_ID, type: 'positionSingle', status, states: [{ status: 'queued', time: NOW.toISOString(), detail: null }] };
}

async function answer(method: string, path: string, request?: { body?: unknown; params?: { id: string }; query?: { deviceIds?: string[] } }) {
  calls.push(`${method} ${path}`);
  if (method === 'post' && path === '/api/app/productInstance/requestPosition') {
    expect(request?.body).toEqual({ deviceId: DEVICE_ID });
    if (watch.refusal) throw watch.refusal;
    return command('queued');
  }
  if (path === '/api/app/productInstance/requestPosition/{id}') {
    expect(request?.params).toEqual({ id: COMMAND_ID });
    return command(watch.status);
  }
  if (path === '/api/app/tracking/positions/latest') {
    expect(request?.query).toEqual({ deviceIds: [DEVICE_ID] });
    return { items: watch.fix ? [{ deviceId: DEVICE_ID, name: "Mum's watch", latitude: 55.7, longitude: 12.6, accuracy: 10, fixTime: watch.fix }] : [] };
  }
  throw new Error(`unexpected call ${method} ${path}`);
}

/** A 400 as the client makes it of the server's ABP answer (the refusal's message in the user's language). */
function refusal(lng: string, model: string): Error {
  const parts = apiErrorParts(400, 'Bad Request', {
    error: { code: null, message: translate('errors.validation', lng), details: null, validationErrors: [{ members: ['deviceId'], message: translate('geofences:commands.noPosition', lng, { model }) }] },
  });
  return new HttpError(parts.message, parts.status, parts.body);
}

async function textsIn(lng: string): Promise<I18next> {
  const i18n = await servedI18n(lng);
  for (const code of ['dev', lng]) i18n.addResourceBundle(code, 'devices', readNamespace(code === 'dev' ? 'en' : code, 'devices'));
  return i18n;
}

let onPosition: ReturnType<typeof vi.fn<() => void>>;

async function renderButton(lng: string, model: string) {
  const device = { id: DEVICE_ID, name: "Mum's watch", model } as Device;
  return renderScreen(<LocateButton device={device} layout="card" onPosition={onPosition} />, { resource: 'devices', i18n: await textsIn(lng), dataProvider: recordingDataProvider() });
}

/** Lets `ms` pass, with every answer that falls due on the way. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const status = () => screen.getByRole('status').textContent;
const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeAll(() => {
  schemaScreens();
  vi.mocked(typedApi.api).mockImplementation(answer as never);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  Object.assign(watch, { status: 'queued', fix: OLD_FIX, refusal: null });
  calls.length = 0;
  onPosition = vi.fn<() => void>();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Locate now on a watch card', () => {
  it('says what is true as the request goes: asked, got by the watch, position updated (en)', async () => {
    await renderButton('en', 'watch4');
    expect(status()).toBe('');
    fireEvent.click(button(/^Locate now: Mum's watch$/));
    await wait(0);
    expect(status()).toBe('Asking the watch…');
    // Disabled while on its way: a second tap asks nothing more.
    expect(button(/^Locate now/).disabled).toBe(true);
    fireEvent.click(button(/^Locate now/));
    watch.status = 'sent';
    await wait(LOCATE_TIMING.pollMs);
    expect(status()).toBe('The watch got the request. Waiting for its position…');
    expect(onPosition).not.toHaveBeenCalled();
    watch.status = 'acknowledged';
    await wait(LOCATE_TIMING.pollMs);
    // Acknowledged: the card and the map read the position again.
    expect(onPosition).toHaveBeenCalledTimes(1);
    expect(status()).toBe('The watch got the request. Waiting for its position…');
    watch.fix = NEW_FIX;
    await wait(LOCATE_TIMING.pollMs);
    expect(status()).toBe('Position updated 22:14');
    expect(onPosition).toHaveBeenCalledTimes(2);
    expect(button(/^Locate now/).disabled).toBe(false);
    expect(calls.filter((c) => c === 'post /api/app/productInstance/requestPosition')).toHaveLength(1);
    // Done: nothing is read any more.
    const made = calls.length;
    await wait(10 * LOCATE_TIMING.pollMs);
    expect(calls).toHaveLength(made);
  });

  it('says the watch is not connected when the request waits, and that it did not answer after a minute (en)', async () => {
    await renderButton('en', 'watch4');
    fireEvent.click(button(/^Locate now/));
    await wait(3000);
    expect(status()).toBe('Asking the watch…');
    await wait(LOCATE_TIMING.awayMs - 3000 + LOCATE_TIMING.pollMs);
    expect(status()).toBe('The watch is not connected: it will be asked as soon as it connects.');
    expect(button(/^Locate now/).disabled).toBe(true);
    // The position it had before the press is not news.
    await wait(LOCATE_TIMING.giveUpMs);
    expect(status()).toBe('The watch did not answer. Check that it is switched on and try again.');
    expect(button(/^Locate now/).disabled).toBe(false);
    expect(onPosition).not.toHaveBeenCalled();
    const reads = calls.filter((c) => c === 'get /api/app/productInstance/requestPosition/{id}').length;
    expect(reads).toBeGreaterThanOrEqual(55);
    expect(reads).toBeLessThanOrEqual(61);
  });

  it('takes any position of a watch that had none as news (en)', async () => {
    watch.fix = null;
    await renderButton('en', 'l10');
    fireEvent.click(button(/^Locate now/));
    await wait(0);
    watch.status = 'acknowledged';
    watch.fix = NEW_FIX;
    await wait(LOCATE_TIMING.pollMs);
    expect(status()).toBe('Position updated 22:14');
  });

  it('tells that a Tizen watch gets the request with its next report, and that it has not reported after a minute (da)', async () => {
    await renderButton('da', 'tizen');
    fireEvent.click(button(/^Find nu: Mum's watch$/));
    await wait(0);
    expect(status()).toBe('Dette ur får forespørgslen med sin næste melding, og det kan tage et par minutter.');
    // Not "not connected": it has no connection to have.
    await wait(LOCATE_TIMING.awayMs + LOCATE_TIMING.pollMs);
    expect(status()).toBe('Dette ur får forespørgslen med sin næste melding, og det kan tage et par minutter.');
    await wait(LOCATE_TIMING.giveUpMs);
    expect(status()).toBe('Uret har ikke meldt sig endnu: det får forespørgslen med sin næste melding, og så viser kortet den nye position.');
    expect(button(/^Find nu/).disabled).toBe(false);
  });

  it("shows the server's reason in the user's language when the watch cannot be asked (da)", async () => {
    watch.refusal = refusal('da', 'evi');
    await renderButton('da', 'evi');
    fireEvent.click(button(/^Find nu/));
    await wait(0);
    expect(status()).toBe('evi-uret kan ikke bedes om sin position nu: kortet viser den seneste position, uret har sendt');
    expect(button(/^Find nu/).disabled).toBe(false);
    expect(calls.filter((c) => c.includes('requestPosition/{id}'))).toHaveLength(0);
  });

  it('follows a Danish request to the new position, with the time of the fix (da)', async () => {
    await renderButton('da', 'rtos');
    fireEvent.click(button(/^Find nu/));
    await wait(0);
    expect(status()).toBe('Spørger uret…');
    watch.status = 'acknowledged';
    await wait(LOCATE_TIMING.pollMs);
    expect(status()).toBe('Uret har modtaget forespørgslen. Venter på dets position…');
    watch.fix = NEW_FIX;
    await wait(LOCATE_TIMING.pollMs);
    expect(status()).toBe('Position opdateret kl. 22:14');
  });

  it('says when the request failed or expired before reaching the watch (en)', async () => {
    await renderButton('en', 'watch4');
    fireEvent.click(button(/^Locate now/));
    await wait(0);
    watch.status = 'expired';
    await wait(LOCATE_TIMING.pollMs);
    expect(status()).toBe('The request could not be delivered to the watch. Try again.');
    expect(button(/^Locate now/).disabled).toBe(false);
  });

  it('says when the request could not be sent at all, and stops reading when the card goes away (en)', async () => {
    watch.refusal = new TypeError('Failed to fetch');
    const { unmount } = await renderButton('en', 'watch4');
    fireEvent.click(button(/^Locate now/));
    await wait(0);
    expect(status()).toBe('The request could not be sent. Check your internet connection and try again.');
    watch.refusal = null;
    fireEvent.click(button(/^Locate now/));
    await wait(LOCATE_TIMING.pollMs);
    expect(status()).toBe('Asking the watch…');
    unmount();
    const made = calls.length;
    await wait(5 * LOCATE_TIMING.pollMs);
    expect(calls).toHaveLength(made);
  });
});
