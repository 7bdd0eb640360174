import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../src/components/commands/commandApi';
import type { TerminalInfo } from '../../src/components/commands/commandApi';
import { CommandPanel } from '../../src/components/commands/CommandPanel';
import type { DeviceCommand } from '../../src/components/commands/types';
import { recordingDataProvider, renderScreen, servedI18nWith, validationFailure } from './support/schema-screens';

/** The one double: the commands API module the panel imports (its routes are the api project's subject). */
vi.mock('../../src/components/commands/commandApi', () => ({
  fetchTerminalInfo: vi.fn(),
  fetchCommandLog: vi.fn(),
  requestPosition: vi.fn(),
  sendNative: vi.fn(),
  sendTemplate: vi.fn(),
}));
const fetchTerminalInfo = vi.mocked(api.fetchTerminalInfo);
const requestPosition = vi.mocked(api.requestPosition);
const sendNative = vi.mocked(api.sendNative);
const sendTemplate = vi.mocked(api.sendTemplate);
afterEach(() => vi.resetAllMocks());

const DEVICE = '4b1d0f7e-5a0c-4d3e-9f55-0000000000d1';
const INFO: TerminalInfo = {
  deviceId: DEVICE,
  model: 'watch4',
  protocol: 'watch',
  phoneNumber: '+4520123456',
  commands: ['positionSingle', 'positionPeriodic', 'sosNumber', 'alarmBattery', 'rebootDevice', 'custom'],
  commandAttributes: { positionSingle: [], positionPeriodic: ['frequency'], sosNumber: ['index', 'phone'], alarmBattery: ['enable'], rebootDevice: [], custom: ['data'] },
  templates: [
    { id: 't-sms', name: 'SOS number by SMS', command: 'SOS1,{number},{name}#', variables: ['number', 'name'], isTextMessage: true, description: null, deviceModel: 'watch4' },
    { id: 't-interval', name: 'Interval', command: 'UPLOAD,{seconds}#', variables: ['seconds'], isTextMessage: false, description: 'Sets how often the watch reports', deviceModel: 'watch4' },
  ],
};
const SENT: DeviceCommand = {
  id: 'c1',
  deviceId: DEVICE,
  type: 'sosNumber',
  templateId: null,
  text: 'sosNumber',
  attributes: {},
  channel: 'device',
  phoneNumber: null,
  status: 'queued',
  error: null,
  creationTime: '2026-11-25T09:00:00.000Z',
  sentTime: null,
  acknowledgedTime: null,
  expiryTime: '2026-11-25T10:00:00.000Z',
  states: [{ status: 'queued', time: '2026-11-25T09:00:00.000Z', detail: null }],
};



async function renderPanel(lng: string, granted: Record<string, boolean> = { 'Vigil.Devices': true, 'Vigil.Devices.Update': true, 'Vigil.Troubleshoot': true }) {
  const user = userEvent.setup();
  const onSent = vi.fn();
  renderScreen(<CommandPanel deviceId={DEVICE} onSent={onSent} />, { resource: 'devices', i18n: await servedI18nWith(lng, 'stock'), dataProvider: recordingDataProvider(), granted });
  return { user, onSent };
}

/** Picks an option of a select field, by their labels. */
async function pick(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const describedBy = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

/** "Send to the watch" on the troubleshooting page (src/pages/app/troubleshoot/CommandPanel.tsx). */
describe('the command panel on the troubleshooting page', () => {
  it("sends a command of the watch's protocol with its values as fields, and locate now", async () => {
    fetchTerminalInfo.mockResolvedValue(INFO);
    const { user, onSent } = await renderPanel('en');
    await screen.findByRole('heading', { name: 'Send to the watch' });
    await pick(user, 'Command', 'SOS number');
    const slot = screen.getByRole('textbox', { name: 'SOS slot (1–3)' });
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();

    // The encoder's refusal names the values: each shows on its field.
    sendNative.mockRejectedValueOnce(validationFailure('These values do not make a sosNumber command: check index, phone', ['attributes.index', 'attributes.phone']));
    await user.type(slot, '7');
    await user.type(phone, '+4511223344');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(slot.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(phone)).toBe('These values do not make a sosNumber command: check index, phone');
    expect(sendNative).toHaveBeenLastCalledWith(DEVICE, 'sosNumber', { index: 7, phone: '+4511223344' });

    sendNative.mockResolvedValueOnce(SENT);
    await user.clear(slot);
    await user.type(slot, '2');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendNative).toHaveBeenLastCalledWith(DEVICE, 'sosNumber', { index: 2, phone: '+4511223344' });
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(SENT));
    expect(screen.getByRole('status').textContent).toBe('Sent. Follow its state in the list of commands below.');

    // A switch for a value that turns something on; a command without values says so.
    await pick(user, 'Command', 'Low-battery alarm');
    expect(screen.getByRole('switch', { name: 'Switched on' })).toBeTruthy();
    await pick(user, 'Command', 'Restart');
    expect(screen.getByText('This command takes no values.')).toBeTruthy();

    requestPosition.mockResolvedValueOnce({ ...SENT, type: 'positionSingle' });
    await user.click(screen.getByRole('button', { name: 'Locate now' }));
    expect(requestPosition).toHaveBeenCalledWith(DEVICE);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
  });

  it('sends a template with its variables, saying when it goes by text message, in Danish', async () => {
    fetchTerminalInfo.mockResolvedValue(INFO);
    const { user, onSent } = await renderPanel('da');
    await screen.findByRole('heading', { name: 'Send til uret' });
    await pick(user, 'Skabelon', 'Interval');
    expect(screen.getByText('Sendes til uret over dets forbindelse eller næste gang, det forbinder sig.')).toBeTruthy();
    expect(screen.getByText('Sets how often the watch reports')).toBeTruthy();
    await pick(user, 'Skabelon', 'SOS number by SMS');
    expect(screen.getByText('Sendes som sms til +4520123456.')).toBeTruthy();
    const number = screen.getByRole('textbox', { name: 'number' });
    const name = screen.getByRole('textbox', { name: 'name' });
    expect(screen.queryByRole('textbox', { name: 'seconds' })).toBeNull();

    sendTemplate.mockRejectedValueOnce(validationFailure('Angiv en værdi for number', ['variables.number']));
    await user.type(name, 'Mor');
    await user.click(screen.getByRole('button', { name: 'Send skabelon' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(number)).toBe('Angiv en værdi for number');
    expect(sendTemplate).toHaveBeenLastCalledWith(DEVICE, 't-sms', { number: '', name: 'Mor' });

    sendTemplate.mockResolvedValueOnce({ ...SENT, type: 'template', channel: 'sms' });
    await user.type(number, '+4511223344');
    await user.click(screen.getByRole('button', { name: 'Send skabelon' }));
    expect(sendTemplate).toHaveBeenLastCalledWith(DEVICE, 't-sms', { number: '+4511223344', name: 'Mor' });
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toBe('Sendt. Følg dens tilstand i listen over kommandoer nedenfor.');
  });

  it.each(['en', 'da'])('shows no controls in %s to staff who may not change devices, nor asks what the watch takes', async (lng) => {
    fetchTerminalInfo.mockResolvedValue(INFO);
    renderScreen(<CommandPanel deviceId={DEVICE} onSent={vi.fn()} />, { resource: 'devices', i18n: await servedI18nWith(lng, 'stock'), dataProvider: recordingDataProvider(), granted: { 'Vigil.Devices': true, 'Vigil.Troubleshoot': true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchTerminalInfo).not.toHaveBeenCalled();
  });

  it('says a device without a model takes no commands', async () => {
    fetchTerminalInfo.mockResolvedValue({ ...INFO, model: null, protocol: null, commands: [], commandAttributes: {}, templates: [] });
    await renderPanel('en');
    expect(await screen.findByText('This device has no model, so it takes no commands.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
