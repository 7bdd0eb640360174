import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SchemaList from '../../src/schema/views/SchemaList';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, type SchemaScreens } from './support/schema-screens';

/** A generated list on a phone: one block per record, with its name and the next thing worth reading. */
let screens: SchemaScreens;
const desk = window.matchMedia;
const ORGANIZATION = { id: '0b6c3f4e-1d2a-4c1e-9a7b-000000000002', name: 'Vesterbro Home Care' };
const VISITS = [
  { id: 'a1', title: 'Morning check', kind: 'phone', organizationId: ORGANIZATION.id, durationMinutes: 30, followUp: true, contactEmail: null, contactPhone: null, notes: null },
  // No organization: the second line is the next column with a value.
  { id: 'a2', title: 'Evening visit', kind: 'home', organizationId: null, durationMinutes: 45, followUp: false, contactEmail: null, contactPhone: null, notes: null },
  // Named by the value of its next column (as a watch named by its IMEI): that value is shown once.
  { id: 'a3', title: '50', kind: 'home', organizationId: null, durationMinutes: 50, followUp: false, contactEmail: null, contactPhone: null, notes: null },
];

beforeAll(() => {
  screens = schemaScreens();
  // A 360 px phone: MUI's down('sm') is a max-width query.
  window.matchMedia = (query: string) => ({ ...desk(query), matches: query.includes('max-width') });
});
afterAll(() => {
  window.matchMedia = desk;
});

describe('generated list on a phone', () => {
  it('shows each record once by name, then the next column with a value that differs', async () => {
    const dataProvider = recordingDataProvider({ 'care-visits': VISITS, organizations: [ORGANIZATION] });
    renderScreen(<SchemaList schema={screens.schema('care-visits')} />, { resource: 'care-visits', i18n: await servedI18n('en'), dataProvider });

    expect(await screen.findByText('Vesterbro Home Care')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const block = (title: string) => screen.getByText(title, { exact: true }).closest('li')!;
    expect(block('Morning check').textContent).toContain('Vesterbro Home Care');
    expect(block('Evening visit').textContent).toBe('Evening visit45');
    expect(block('50').textContent?.match(/50/g)).toHaveLength(1);
  });
});
