import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import SchemaList from '../../src/schema/views/SchemaList';
import SchemaShow from '../../src/schema/views/SchemaShow';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, type SchemaScreens } from './support/schema-screens';

/** The generated list and show page of tests/fixtures/care-visits.schema.json, as components. */
let screens: SchemaScreens;
const ORGANIZATION = { id: '0b6c3f4e-1d2a-4c1e-9a7b-000000000002', name: 'Vesterbro Home Care' };
const VISITS = [
  { id: 'a1', title: 'Morning check', kind: 'phone', organizationId: ORGANIZATION.id, durationMinutes: 30, followUp: true, contactEmail: 'anna@example.com', contactPhone: null, notes: null },
  { id: 'a2', title: 'Evening visit', kind: 'home', organizationId: null, durationMinutes: 45, followUp: false, contactEmail: null, contactPhone: '+4512345678', notes: 'Bring the charger' },
];

beforeAll(() => {
  screens = schemaScreens();
});

describe('generated list', () => {
  it.each([
    { lng: 'en', headers: ['Title', 'Organization', 'Duration (minutes)', 'Follow-up needed'], kindFilter: 'Kind' },
    { lng: 'da', headers: ['Titel', 'Organisation', 'Varighed (minutter)', 'Opfølgning'], kindFilter: 'Type' },
  ])('shows the schema columns with their labels, references by name, and its filters ($lng)', async ({ lng, headers, kindFilter }) => {
    const dataProvider = recordingDataProvider({ 'care-visits': VISITS, organizations: [ORGANIZATION] });
    renderScreen(<SchemaList schema={screens.schema('care-visits')} />, { resource: 'care-visits', i18n: await servedI18n(lng), dataProvider });

    const table = await screen.findByRole('table');
    const columnHeaders = within(table)
      .getAllByRole('columnheader')
      .filter((th) => th.textContent?.trim());
    expect(columnHeaders.map((th) => th.textContent?.trim())).toEqual(headers);
    // The x-sortable column sorts from its header; the others do not.
    expect(columnHeaders.map((th) => within(th).queryAllByRole('button').length > 0)).toEqual([true, false, false, false]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(await within(rows[0]!).findByText('Vesterbro Home Care')).toBeTruthy();
    expect(within(rows[0]!).getByText('30')).toBeTruthy();
    expect(within(rows[1]!).getByText('Evening visit')).toBeTruthy();
    // The schema's x-filter field is offered as a filter, with its translated label.
    expect(screen.getByRole('combobox', { name: kindFilter })).toBeTruthy();
  });
});

describe('generated show page', () => {
  it('shows every field in the schema tabs, with enum values and references in words', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const dataProvider = recordingDataProvider({ 'care-visits': VISITS, organizations: [ORGANIZATION] });
    renderScreen(<SchemaShow schema={screens.schema('care-visits')} />, {
      resource: 'care-visits',
      i18n: await servedI18n('en'),
      dataProvider,
      route: { path: '/care-visits/:id/show', url: '/care-visits/a1/show' },
    });

    expect(await screen.findByText('Morning check')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Visit', 'Contact']);
    expect(screen.getByText('Phone call')).toBeTruthy();
    expect(await screen.findByText('Vesterbro Home Care')).toBeTruthy();
    expect(screen.queryByText('anna@example.com')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByText('anna@example.com')).toBeTruthy();
  });
});
