import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../src/resources/devices/settings/api';
import type { SettingsSync } from '../../src/resources/devices/settings/api';
import { WatchSettings } from '../../src/resources/devices/settings/WatchSettings';
import { recordingDataProvider, renderScreen, servedI18nWith, validationFailure } from './support/schema-screens';

/** The one double: the settings API module the screen imports (its routes are the api project's subject). */
vi.mock('../../src/resources/devices/settings/api', () => ({ fetchSettingsSync: vi.fn(), saveSettings: vi.fn() }));
const fetchSync = vi.mocked(api.fetchSettingsSync);
const saveSettings = vi.mocked(api.saveSettings);
afterEach(() => vi.resetAllMocks());

const DEVICE = '4b1d0f7e-5a0c-4d3e-9f55-0000000000d1';
const WATCH4 = ['positionIntervalSeconds', 'sosNumbers', 'lowBatteryAlarm', 'silentFrom', 'silentTo'];
const SYNCED: SettingsSync = {
  deviceId: DEVICE,
  model: 'watch4',
  protocol: 'watch',
  settableSettings: WATCH4,
  wanted: { positionIntervalSeconds: 60 },
  reported: { positionIntervalSeconds: 60, batteryLevel: 80 },
  inSync: true,
  lastSyncTime: '2026-11-25T09:00:00.000Z',
  wantedTime: '2026-11-25T08:59:00.000Z',
};
/** Polls come every two seconds: room for a few on a busy machine. */
const POLL = { timeout: 8000 };


async function renderSettings(lng = 'en') {
  const user = userEvent.setup();
  const view = renderScreen(<WatchSettings deviceId={DEVICE} />, { resource: 'devices', i18n: await servedI18nWith(lng, 'stock'), dataProvider: recordingDataProvider() });
  return { user, view };
}

/** Each setting of "On the watch": its name, then what is wanted, what the watch reported, and its state. */
const shownState = (name = 'On the watch') =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => [item.firstElementChild?.textContent, ...within(item).getAllByRole('definition').map((d) => d.textContent)]);

/** "Watch settings" on the device's page (src/resources/devices/settings). */
describe('watch settings', () => {
  it('offers only what the watch can be sent, saves the change and shows it waiting for the watch, then in sync', async () => {
    fetchSync.mockResolvedValueOnce(SYNCED);
    const { user, view } = await renderSettings();
    const interval = await screen.findByRole('spinbutton', { name: 'Position interval' });
    expect((interval as HTMLInputElement).value).toBe('60');
    for (const slot of [1, 2, 3]) expect(screen.getByRole('textbox', { name: `SOS number ${slot}` })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Low-battery warning' })).toBeTruthy();
    // Quiet hours on the 24-hour clock (the one time field, src/components/dates/TimeOfDayInput.tsx).
    expect(screen.getByRole('group', { name: 'Quiet hours from' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Quiet hours until' })).toBeTruthy();
    // Settings the model has but its protocol cannot carry are not offered.
    expect(screen.queryByText(/fall/i)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('In sync');

    const waiting: SettingsSync = { ...SYNCED, wanted: { positionIntervalSeconds: 120, sosNumbers: ['+4511223344'] }, inSync: false, wantedTime: '2026-11-25T09:01:00.000Z' };
    saveSettings.mockResolvedValueOnce(waiting);
    // Asked again while not in sync: still waiting, then the watch has them.
    fetchSync.mockResolvedValueOnce(waiting).mockResolvedValue({ ...waiting, reported: { positionIntervalSeconds: 120, sosNumbers: ['+4511223344'] }, inSync: true });
    await user.clear(interval);
    await user.type(interval, '120');
    await user.type(screen.getByRole('textbox', { name: 'SOS number 2' }), '+4511223344');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Only what changed; the SOS list holds the filled numbers.
    expect(saveSettings).toHaveBeenCalledWith('watch4', DEVICE, { positionIntervalSeconds: 120, sosNumbers: ['+4511223344'] });

    await screen.findByRole('list', { name: 'On the watch' });
    expect(shownState()).toEqual([
      ['Position interval', '120 s', '60 s', 'Waiting for the watch'],
      ['SOS numbers', '+4511223344', 'Not reported yet', 'Waiting for the watch'],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Waiting for the watch');

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('In sync'), POLL);
    expect(shownState()[0]).toEqual(['Position interval', '120 s', '120 s', 'In sync']);
    // In sync: no more asking, and none after the screen is gone.
    const asked = fetchSync.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fetchSync.mock.calls.length).toBe(asked);
    view.unmount();
  }, 20_000);

  it('stops asking when the screen closes while the watch is still not in sync', async () => {
    fetchSync.mockResolvedValue({ ...SYNCED, wanted: { positionIntervalSeconds: 30 }, inSync: false });
    const { view } = await renderSettings('da');
    expect((await screen.findByRole('status')).textContent).toBe('Venter på uret');
    expect(shownState('På uret')).toEqual([['Positionsinterval', '30 sek.', '60 sek.', 'Venter på uret']]);
    await waitFor(() => expect(fetchSync.mock.calls.length).toBeGreaterThan(1), POLL);
    view.unmount();
    const asked = fetchSync.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fetchSync.mock.calls.length).toBe(asked);
  }, 20_000);

  it.each([
    ['en', 'tizen', 'osmand', 'This watch runs an app that reports over OsmAnd: settings cannot be sent to it.'],
    ['da', 'tizen', 'osmand', 'Uret kører en app, der rapporterer via OsmAnd: der kan ikke sendes indstillinger til det.'],
    ['da', 'evi', 'eview', 'Uret bruger Eviews protokol, som ikke har kommandoer til disse indstillinger: der kan ikke sendes indstillinger til det.'],
    ['en', null, null, 'This device has no model, so no settings can be sent to it. Set its model first.'],
  ] as const)('in %s, says why a %s watch cannot be sent settings, with no form', async (lng, model, protocol, why) => {
    fetchSync.mockResolvedValue({ ...SYNCED, model, protocol, settableSettings: [], wanted: {}, reported: null });
    await renderSettings(lng);
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it("shows the server's messages on their fields in the user's language, an SOS number's on its own slot", async () => {
    fetchSync.mockResolvedValue({ ...SYNCED, settableSettings: ['positionIntervalSeconds', 'sosNumbers', 'lowBatteryAlarm'] });
    const { user } = await renderSettings('da');
    const interval = await screen.findByRole('spinbutton', { name: 'Positionsinterval' });
    expect(screen.queryByLabelText('Stilletid fra')).toBeNull();
    saveSettings.mockRejectedValueOnce(validationFailure('Positionsinterval skal være mindst 10', ['settings.positionIntervalSeconds']));
    await user.clear(interval);
    await user.type(interval, '5');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(interval.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(interval.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Positionsinterval skal være mindst 10');
    expect(screen.queryByRole('alert')).toBeNull();

    // The server names the list it was sent (only filled slots): its first number is the third slot.
    const third = screen.getByRole('textbox', { name: 'SOS-nummer 3' });
    saveSettings.mockRejectedValueOnce(validationFailure('Telefonnummeret er ikke gyldigt', ['settings.sosNumbers[0]']));
    await user.type(third, '12');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(third.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(third.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Telefonnummeret er ikke gyldigt');
    expect(screen.getByRole('textbox', { name: 'SOS-nummer 1' }).getAttribute('aria-invalid')).toBe('false');
    expect(saveSettings).toHaveBeenLastCalledWith('watch4', DEVICE, { positionIntervalSeconds: 5, sosNumbers: ['12'] });

    // A message that names no field of the form shows above Save.
    saveSettings.mockRejectedValueOnce(validationFailure('Disse indstillinger er til evi-enheder', ['deviceId']));
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Indstillingerne kunne ikke gemmes: Disse indstillinger er til evi-enheder');
  });

  it('says so when nothing was changed, and sends nothing', async () => {
    fetchSync.mockResolvedValue(SYNCED);
    const { user } = await renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing to save: no setting was changed.')).toBeTruthy();
    expect(saveSettings).not.toHaveBeenCalled();
  });
});
