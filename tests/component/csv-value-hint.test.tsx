import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { UploadCsvDialog } from '../../src/components/csv-upload/UploadCsvDialog';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, type SchemaScreens } from './support/schema-screens';

/** The SIM card CSV dialog lists the words its status column takes, as the list shows them. */
let screens: SchemaScreens;
beforeAll(() => {
  screens = schemaScreens();
});

describe('CSV upload dialog', () => {
  it.each([
    { lng: 'en', hint: 'Choices may be written as the list shows them, in any language and any case:', status: 'Status: Active, Inactive, Deactivated' },
    { lng: 'da', hint: 'Valgmuligheder kan skrives, som listen viser dem, på alle sprog og med store eller små bogstaver:', status: 'Status: Aktiv, Inaktiv, Deaktiveret' },
  ])('names the status words in its hint ($lng)', async ({ lng, hint, status }) => {
    const target = { path: '/api/app/simCardInstance/batchUpload', title: 'simcards.upload.title', help: 'simcards.upload.help' } as const;
    renderScreen(<UploadCsvDialog schema={screens.schema('simcards')} target={target} onClose={() => undefined} />, { resource: 'simcards', i18n: await servedI18n(lng), dataProvider: recordingDataProvider() });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(hint);
    expect(screen.getByText(status)).toBeTruthy();
  });
});
