import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import SchemaCreate from '../../src/schema/views/SchemaCreate';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, type SchemaScreens } from './support/schema-screens';

/**
 * The generated create form of a schema (tests/fixtures/care-visits.schema.json: two tabs, an enum
 * with a default, a reference, an integer with limits, email, phone, boolean and textarea), as a
 * component: which widget each property gets, the tabs, and the server's own check worded in the
 * user's language before anything is sent.
 */
let screens: SchemaScreens;
const ORGANIZATIONS = [
  { id: '0b6c3f4e-1d2a-4c1e-9a7b-000000000001', name: 'Nordhavn Care Home' },
  { id: '0b6c3f4e-1d2a-4c1e-9a7b-000000000002', name: 'Vesterbro Home Care' },
];

beforeAll(() => {
  screens = schemaScreens();
});

async function renderCreate(lng: string) {
  const dataProvider = recordingDataProvider({ organizations: ORGANIZATIONS });
  const i18n = await servedI18n(lng);
  renderScreen(<SchemaCreate schema={screens.schema('care-visits')} />, { resource: 'care-visits', i18n, dataProvider });
  await screen.findByRole('tab', { name: lng === 'da' ? 'Besøg' : 'Visit' });
  return dataProvider;
}

describe('generated create form', () => {
  it('gives each property its widget, in the tabs the schema names', async () => {
    const user = userEvent.setup();
    await renderCreate('en');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Visit', 'Contact']);

    expect(screen.getByRole('textbox', { name: /^Title/ })).toBeTruthy();
    // The enum is a select showing its translated default.
    const kind = screen.getByRole('combobox', { name: /^Kind/ });
    expect(kind.textContent).toBe('Home visit');
    await user.click(kind);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Home visit', 'Phone call']);
    await user.keyboard('{Escape}');
    // The reference is an autocomplete over the referenced resource's display field.
    const organization = screen.getByRole('combobox', { name: /^Organization/ });
    await user.click(organization);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(ORGANIZATIONS.map((o) => o.name));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('spinbutton', { name: /^Duration \(minutes\)/ })).toBeTruthy();
    // Fields of the second tab are not on the first.
    expect(screen.queryByRole('textbox', { name: /^Contact email/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(screen.getByRole('textbox', { name: /^Contact email/ }).getAttribute('type')).toBe('email');
    expect(screen.getByRole('textbox', { name: /^Contact phone/ }).getAttribute('type')).toBe('tel');
    const followUp = screen.getByRole('switch', { name: /^Follow-up needed/ }) as HTMLInputElement;
    expect(followUp.checked).toBe(false);
    expect(screen.getByRole('textbox', { name: /^Notes/ }).tagName).toBe('TEXTAREA');
  });

  it.each([
    { lng: 'en', title: 'Title is required', duration: 'Duration (minutes) is required', min: 'Must be >= 5', phone: 'Phone number must only contain digits!' },
    { lng: 'da', title: 'Titel er påkrævet', duration: 'Varighed (minutter) er påkrævet', min: 'Skal være >= 5', phone: 'Telefonnummeret må kun indeholde cifre!' },
  ])('words the server check in $lng and sends nothing invalid', async ({ lng, title, duration, min, phone }) => {
    const user = userEvent.setup();
    const dataProvider = await renderCreate(lng);
    const save = screen.getByRole('button', { name: lng === 'da' ? 'Gem' : 'Save' });
    const visitTab = () => screen.getByRole('tab', { name: lng === 'da' ? 'Besøg' : 'Visit' });

    // Save is offered once something is typed (react-admin keeps it off on an untouched form).
    await user.click(screen.getByRole('tab', { name: lng === 'da' ? 'Kontakt' : 'Contact' }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${lng === 'da' ? 'Kontakttelefon' : 'Contact phone'}`) }), 'call me');
    await user.click(save);
    expect(await screen.findByText(phone)).toBeTruthy();
    await user.click(visitTab());
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(duration)).toBeTruthy();

    await user.type(screen.getByRole('spinbutton', { name: new RegExp(`^${lng === 'da' ? 'Varighed' : 'Duration'}`) }), '1');
    await user.click(save);
    expect(await screen.findByText(min)).toBeTruthy();
    expect(dataProvider.writes).toEqual([]);
  });

  it('sends the payload the server expects once the form is valid', async () => {
    const user = userEvent.setup();
    const dataProvider = await renderCreate('en');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Morning check');
    await user.type(screen.getByRole('spinbutton', { name: /^Duration/ }), '30');
    await user.click(screen.getByRole('combobox', { name: /^Organization/ }));
    await user.click(await screen.findByRole('option', { name: 'Vesterbro Home Care' }));
    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    await user.click(screen.getByRole('switch', { name: /^Follow-up needed/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dataProvider.writes).toHaveLength(1));
    expect(dataProvider.writes[0]).toMatchObject({
      method: 'create',
      resource: 'care-visits',
      data: { title: 'Morning check', kind: 'home', organizationId: ORGANIZATIONS[1]!.id, durationMinutes: 30, followUp: true },
    });
    expect(within(document.body).queryByText(/is required/)).toBeNull();
  });
});
