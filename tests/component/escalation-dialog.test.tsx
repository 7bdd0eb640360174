import { screen, within } from '@testing-library/react';
import type { i18n as I18next } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readNamespace } from '../../server/localization/texts';
import type { Device } from '../../src/pages/app/dashboard/api';
import { EscalationDialog } from '../../src/pages/app/dashboard/EscalationDialog';
import * as typedApi from '../../src/providers/openapi/typedApi';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/** The one double: the typed API call the dialog reads the device's order with (the route is the api project's subject). */
vi.mock('../../src/providers/openapi/typedApi', () => ({ api: vi.fn() }));

const DEVICE = { id: '4b1d0f7e-5a0c-4d3e-9f55-0000000000d1', name: "Mum's watch" } as Device;
const ESCALATION = {
  configured: false,
  deviceId: DEVICE.id,
  receivers: [{ receiver: 'owner', isOwner: true, name: null, email: 'caregiver@example.com', channels: ['mail', 'push', 'inApp'], phone: null, order: 0 }],
  steps: [{ receiver: 'owner', waitMinutes: 5 }],
};

/** The served texts of a language with the namespaces the dialog reads (loaded by the app's backend on demand). */
async function textsIn(lng: string): Promise<I18next> {
  const i18n = await servedI18n(lng);
  for (const code of ['dev', lng]) for (const ns of ['devices', 'tracking']) i18n.addResourceBundle(code, ns, readNamespace(code === 'dev' ? 'en' : code, ns));
  return i18n;
}

beforeAll(() => {
  schemaScreens();
  vi.mocked(typedApi.api).mockResolvedValue(ESCALATION as never);
});

describe('EscalationDialog', () => {
  it.each([
    ['en', 'When nobody acknowledges one of these alarms', ['Left safe zone', 'SOS alarm', 'Fall detected', 'Taken off the wrist']],
    ['da', 'Når ingen kvitterer for en af disse alarmer', ['Uden for sikker zone', 'SOS-alarm', 'Fald registreret', 'Taget af håndleddet']],
  ] as const)('names the kinds of alarm that escalate, as the registry (common/alarm-kinds.ts) lists them (%s)', async (lng, intro, names) => {
    renderScreen(<EscalationDialog device={DEVICE} onClose={() => undefined} />, { resource: 'devices', i18n: await textsIn(lng), dataProvider: recordingDataProvider() });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(new RegExp(`^${intro}`))).toBeTruthy();
    const kinds = within(dialog).getByRole('list', { name: new RegExp(`^${intro}`) });
    expect(within(kinds).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...names]);
  });
});
