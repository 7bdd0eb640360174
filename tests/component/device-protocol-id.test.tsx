import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import SchemaEdit from '../../src/schema/views/SchemaEdit';
import SchemaShow from '../../src/schema/views/SchemaShow';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, type SchemaScreens } from './support/schema-screens';

/**
 * A watch's protocol ID on the generated device screens (schemas/devices.json): its label and
 * help text in the user's language (x-translations.<lng>.help), its value shown and edited, and
 * anything but letters and digits refused in the form, worded as the server words it.
 */
let screens: SchemaScreens;
const WATCH = { id: 'd1', name: 'Grandma', imei: '356938035643809', protocolId: '1234567890', subscriptionStatus: 'active', status: 'offline', concurrencyStamp: 's1' };

beforeAll(() => {
  screens = schemaScreens();
});

describe("a watch's protocol ID in the back office", () => {
  it.each([
    { lng: 'en', label: 'Protocol ID', help: "The ID the watch sends (a 3G watch's 10-digit ID); empty: its IMEI", save: 'Save', bad: 'Only letters and digits (no spaces or other signs)' },
    { lng: 'da', label: 'Protokol-id', help: 'Det id, uret sender (et 3G-urs 10-cifrede id); tomt: dets IMEI', save: 'Gem', bad: 'Kun bogstaver og cifre (ingen mellemrum eller andre tegn)' },
    { lng: 'de', label: 'Protokoll-ID', help: 'Die ID, die die Uhr sendet (die 10-stellige ID einer 3G-Uhr); leer: ihre IMEI', save: 'Speichern', bad: 'Nur Buchstaben und Ziffern (keine Leerzeichen oder anderen Zeichen)' },
  ])('is edited with its help text, and letters and digits only ($lng)', async ({ lng, label, help, save, bad }) => {
    const user = userEvent.setup();
    const dataProvider = recordingDataProvider({ devices: [WATCH] });
    renderScreen(<SchemaEdit schema={screens.schema('devices')} />, { resource: 'devices', i18n: await servedI18n(lng), dataProvider, route: { path: '/devices/:id', url: '/devices/d1' } });

    const input = (await screen.findByRole('textbox', { name: new RegExp(`^${label}`) })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('1234567890'));
    expect(screen.getByText(help)).toBeTruthy();

    await user.clear(input);
    await user.type(input, '12345 678');
    await user.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(bad)).toBeTruthy();
    expect(dataProvider.writes).toEqual([]);

    await user.clear(input);
    await user.type(input, 'AB12345678');
    await user.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(dataProvider.writes).toHaveLength(1));
    expect(dataProvider.writes[0]!.data).toMatchObject({ protocolId: 'AB12345678' });
  });

  it('is shown on the show page', async () => {
    renderScreen(<SchemaShow schema={screens.schema('devices')} />, {
      resource: 'devices',
      i18n: await servedI18n('sv'),
      dataProvider: recordingDataProvider({ devices: [WATCH] }),
      route: { path: '/devices/:id/show', url: '/devices/d1/show' },
    });
    expect(await screen.findByText('1234567890')).toBeTruthy();
    expect(screen.getByText('Protokoll-id')).toBeTruthy();
  });
});
