import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../common/dates';
import { CommandLog } from '../../src/components/commands/CommandLog';
import type { DeviceCommand } from '../../src/components/commands/types';
import { recordingDataProvider, renderScreen, servedI18nWith } from './support/schema-screens';

const DEVICE = '4b1d0f7e-5a0c-4d3e-9f55-0000000000d1';
const base = { deviceId: DEVICE, templateId: null, phoneNumber: null, error: null, sentTime: null, acknowledgedTime: null };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute, 30)).toISOString();

const ACKNOWLEDGED: DeviceCommand = {
  ...base,
  id: 'c1',
  type: 'positionPeriodic',
  text: 'positionPeriodic',
  attributes: { frequency: 60, settings: { positionIntervalSeconds: 60 } },
  channel: 'device',
  status: 'acknowledged',
  creationTime: at(0),
  sentTime: at(1),
  acknowledgedTime: at(2),
  expiryTime: at(0),
  states: [
    { status: 'queued', time: at(0), detail: null },
    { status: 'sent', time: at(1), detail: null },
    { status: 'acknowledged', time: at(2), detail: null },
  ],
};
const FAILED_SMS: DeviceCommand = {
  ...base,
  id: 'c2',
  type: 'template',
  text: 'pw,123456,reset#',
  attributes: {},
  channel: 'sms',
  phoneNumber: '+4520999999',
  status: 'failed',
  error: 'SMS gateway answered 503',
  creationTime: at(3),
  expiryTime: at(3),
  states: [
    { status: 'queued', time: at(3), detail: null },
    { status: 'failed', time: at(3), detail: 'SMS gateway answered 503' },
  ],
};
const QUEUED: DeviceCommand = {
  ...base,
  id: 'c3',
  type: 'positionSingle',
  text: 'positionSingle',
  attributes: {},
  channel: 'device',
  status: 'queued',
  creationTime: at(4),
  expiryTime: at(64),
  states: [{ status: 'queued', time: at(4), detail: null }],
};


async function renderLog(commands: DeviceCommand[], lng = 'en') {
  renderScreen(<CommandLog commands={commands} />, { resource: 'devices', i18n: await servedI18nWith(lng, 'stock'), dataProvider: recordingDataProvider() });
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

/** The troubleshooting page's command log (src/pages/app/troubleshoot/CommandLog.tsx). */
describe('the command log on the troubleshooting page', () => {
  it("shows each command's current state and every state it took, with its time", async () => {
    await renderLog([QUEUED, FAILED_SMS, ACKNOWLEDGED]);
    const table = screen.getByRole('table', { name: 'Latest commands' });
    const [, queued, failed, acknowledged] = within(table).getAllByRole('row');
    expect(cells(acknowledged!)).toEqual([
      formatDateTime(at(0), true),
      // Its values, not the settings it sets.
      'Position intervalfrequency=60',
      'To the watch',
      'Confirmed by the watch',
      `Waiting to be sent: ${formatDateTime(at(0), true)}Sent: ${formatDateTime(at(1), true)}Confirmed by the watch: ${formatDateTime(at(2), true)}`,
    ]);
    expect(within(acknowledged!).getAllByRole('listitem')).toHaveLength(3);
    expect(cells(failed!)).toEqual([
      formatDateTime(at(3), true),
      'Templatepw,123456,reset#',
      'Text message',
      'FailedSMS gateway answered 503',
      `Waiting to be sent: ${formatDateTime(at(3), true)}Failed: ${formatDateTime(at(3), true)}`,
    ]);
    expect(cells(queued!)[3]).toBe(`Waiting to be sentExpires ${formatDateTime(at(64))} if not sent by then`);
  });

  it("speaks the user's language", async () => {
    await renderLog([ACKNOWLEDGED], 'da');
    const table = screen.getByRole('table', { name: 'Seneste kommandoer' });
    const [, row] = within(table).getAllByRole('row');
    expect(cells(row!).slice(1, 4)).toEqual(['Positionsintervalfrequency=60', 'Til uret', 'Bekræftet af uret']);
  });

  it('says when nothing was sent', async () => {
    await renderLog([], 'de');
    expect(screen.getByText('An das Gerät wurde noch kein Befehl gesendet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
