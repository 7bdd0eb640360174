import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import type { i18n as I18next } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readNamespace } from '../../server/localization/texts';
import { apiErrorParts } from '../../src/providers/abpErrors';
import * as api from '../../src/pages/app/privacy/api';
import type { ErasurePreview, ErasureResult } from '../../src/pages/app/privacy/api';
import { ErasureDialog } from '../../src/pages/app/privacy/ErasureDialog';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/** The one double: the privacy API module the dialog imports (its calls are the api project's subject). */
vi.mock('../../src/pages/app/privacy/api', () => ({
  fetchErasurePreview: vi.fn(),
  erase: vi.fn(),
  startExport: vi.fn(),
  fetchExport: vi.fn(),
  downloadExport: vi.fn(),
}));
const fetchErasurePreview = vi.mocked(api.fetchErasurePreview);
const erase = vi.mocked(api.erase);

const SUBJECT = { subjectType: 'citizen' as const, subjectId: '4b1d0f7e-5a0c-4d3e-9f55-0000000000a1' };
const PREVIEW: ErasurePreview = {
  subjectType: 'citizen',
  subjectId: SUBJECT.subjectId,
  subjectName: 'Anna Jensen',
  confirmation: 'ERASE Anna Jensen',
  counts: { erased: { positions: 1234, events: 56, receivers: 2, wifis: 0 }, anonymised: { profile: 1, devicesUnlinked: 1 }, kept: {} },
  activeSubscriptions: 0,
};
const RESULT: ErasureResult = { subjectType: 'citizen', subjectId: SUBJECT.subjectId, erasedTime: '2026-11-25T09:00:00.000Z', counts: PREVIEW.counts };

/** The served English texts with the privacy namespace the dialog reads (loaded by the app's backend on demand). */
async function englishWithPrivacy(): Promise<I18next> {
  const i18n = await servedI18n('en');
  for (const lng of ['dev', 'en']) i18n.addResourceBundle(lng, 'privacy', readNamespace('en', 'privacy'));
  return i18n;
}

async function renderDialog(props: { open?: boolean } = {}) {
  const { default: userEvent } = await import('@testing-library/user-event');
  const user = userEvent.setup();
  const onErased = vi.fn();
  const onClose = vi.fn();
  renderScreen(<ErasureDialog subject={SUBJECT} open={props.open ?? true} onClose={onClose} onErased={onErased} />, {
    resource: 'citizens',
    i18n: await englishWithPrivacy(),
    dataProvider: recordingDataProvider(),
  });
  return { user, onErased, onClose };
}

const confirmButton = () => screen.getByRole('button', { name: 'Erase permanently' }) as HTMLButtonElement;

beforeAll(() => {
  schemaScreens();
});
beforeEach(() => {
  vi.resetAllMocks();
  fetchErasurePreview.mockResolvedValue(PREVIEW);
});

describe('ErasureDialog', () => {
  it('shows what is erased, anonymised and kept, and enables the erasure only once the exact text is typed', async () => {
    const { user, onErased } = await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Erase personal data' });
    const field = await within(dialog).findByRole('textbox', { name: 'To confirm, type: ERASE Anna Jensen' });
    expect(fetchErasurePreview).toHaveBeenCalledWith(SUBJECT, expect.anything());

    const erased = within(dialog).getByRole('list', { name: 'Will be erased' });
    // Largest first, empty kinds left out, numbers in the language's format.
    expect(within(erased).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Positions: 1,234', 'Device events: 56', 'Alarm receivers: 2']);
    const anonymised = within(dialog).getByRole('list', { name: 'Will be anonymised' });
    expect(within(anonymised).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Profile: 1', 'Devices (unlinked and renamed): 1']);
    expect(within(dialog).getByRole('heading', { name: 'Will be kept' })).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'Will be kept' })).toBeNull();
    expect(within(dialog).getByText('Nothing')).toBeTruthy();

    expect(confirmButton().disabled).toBe(true);
    for (const wrong of ['ERASE Anna', 'erase anna jensen', 'ERASE Anna Jensen!']) {
      await user.clear(field);
      await user.type(field, wrong);
      expect(confirmButton().disabled, wrong).toBe(true);
    }
    // Nor does Enter in the field send it.
    await user.type(field, '{Enter}');
    expect(erase).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'ERASE Anna Jensen');
    expect(confirmButton().disabled).toBe(false);
    expect(onErased).not.toHaveBeenCalled();
  });

  it('calls the erasure with the typed text and reports the result', async () => {
    erase.mockResolvedValue(RESULT);
    const { user, onErased } = await renderDialog();
    const field = await screen.findByRole('textbox', { name: 'To confirm, type: ERASE Anna Jensen' });
    // Spacing aside, as the server compares it.
    await user.type(field, '  ERASE  Anna Jensen ');
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());

    await waitFor(() => expect(onErased).toHaveBeenCalledWith(RESULT));
    expect(erase).toHaveBeenCalledTimes(1);
    expect(erase).toHaveBeenCalledWith(SUBJECT, '  ERASE  Anna Jensen ');
  });

  it("shows the server's refusal on the confirmation field and erases nothing", async () => {
    // As the app's HTTP client turns the server's 400 into an error (src/providers/abpErrors.ts).
    const refusal = apiErrorParts(400, 'Bad Request', {
      error: { message: 'Your request is not valid. Please check the highlighted fields.', validationErrors: [{ members: ['confirmation'], message: 'Type "ERASE Anna Jensen" exactly to confirm the erasure.' }] },
    });
    erase.mockRejectedValue(new HttpError(refusal.message, refusal.status, refusal.body));
    const { user, onErased } = await renderDialog();
    const field = await screen.findByRole('textbox', { name: 'To confirm, type: ERASE Anna Jensen' });
    await user.type(field, 'ERASE Anna Jensen');
    await user.click(confirmButton());

    // The field's own message, not the generic one.
    const shown = await screen.findByText('Type "ERASE Anna Jensen" exactly to confirm the erasure.');
    expect(screen.queryByText(refusal.message)).toBeNull();
    expect(field.getAttribute('aria-describedby')).toContain(shown.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onErased).not.toHaveBeenCalled();
    // Not busy any more: the person can try again.
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
  });

  it('says the erasure failed when the error has no message', async () => {
    erase.mockRejectedValue(new Error(''));
    const { user, onErased } = await renderDialog();
    await user.type(await screen.findByRole('textbox', { name: 'To confirm, type: ERASE Anna Jensen' }), 'ERASE Anna Jensen');
    await user.click(confirmButton());
    expect(await screen.findByText('The erasure failed. Nothing was changed.')).toBeTruthy();
    expect(onErased).not.toHaveBeenCalled();
  });

  it('shows a preview that could not be loaded, with the erasure disabled', async () => {
    fetchErasurePreview.mockRejectedValue(new HttpError('The person was not found.', 404, {}));
    await renderDialog();
    // The component project's query client retries a failed query (the app's does not retry a 404).
    expect(await screen.findByText('The person was not found.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(confirmButton().disabled).toBe(true);
  });

  it("says before anything is typed that a carer's active subscriptions block the erasure", async () => {
    fetchErasurePreview.mockResolvedValue({ ...PREVIEW, subjectType: 'user', activeSubscriptions: 2 });
    await renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Erase personal data' });
    expect(await within(dialog).findByText('The account still has 2 active subscriptions. Pause them or transfer the account first.')).toBeTruthy();
    // What would go is still shown; there is nothing to confirm.
    expect(within(dialog).getByRole('list', { name: 'Will be erased' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(confirmButton().disabled).toBe(true);
    expect(erase).not.toHaveBeenCalled();
  });

  it('asks for nothing while closed, and Cancel closes it', async () => {
    await renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchErasurePreview).not.toHaveBeenCalled();

    const { user, onClose } = await renderDialog();
    await screen.findByRole('textbox', { name: 'To confirm, type: ERASE Anna Jensen' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(erase).not.toHaveBeenCalled();
  });
});
