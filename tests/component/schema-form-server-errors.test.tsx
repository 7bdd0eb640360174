import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Edit, HttpError, SimpleForm, TextInput, type RaRecord } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorParts } from '../../src/providers/abpErrors';
import SchemaCreate from '../../src/schema/views/SchemaCreate';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, type SchemaScreens } from './support/schema-screens';

/**
 * What the generated form does with the server's answer: a validation error on a field shows on
 * that field (no toast), one that names no field shows as a toast, and pressing Save twice while
 * the first request is under way sends one create.
 */
let screens: SchemaScreens;
beforeAll(() => {
  screens = schemaScreens();
});

/** An ABP error body as the server sends it, turned into react-admin's HttpError as apiFetch does. */
function abpError(status: number, error: { message: string; validationErrors?: { message: string; members: string[] }[] }): HttpError {
  const parts = apiErrorParts(status, 'Bad Request', { error: { code: null, details: null, data: null, validationErrors: null, ...error } });
  return new HttpError(parts.message, parts.status, parts.body);
}

async function fillValidVisit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Morning check');
  await user.type(screen.getByRole('spinbutton', { name: /^Duration/ }), '30');
}

async function renderCreate(create: (data: Record<string, unknown>) => Promise<{ data: RaRecord }>) {
  const dataProvider = recordingDataProvider();
  const recordWrite = dataProvider.create;
  dataProvider.create = (async (resource: string, params: { data: Record<string, unknown> }) => {
    await recordWrite(resource, params);
    return create(params.data);
  }) as typeof dataProvider.create;
  renderScreen(<SchemaCreate schema={screens.schema('care-visits')} />, { resource: 'care-visits', i18n: await servedI18n('en'), dataProvider });
  await screen.findByRole('tab', { name: 'Visit' });
  return dataProvider;
}

describe('generated form and the server answer', () => {
  it('shows a field error from the server on its field, without a toast', async () => {
    const user = userEvent.setup();
    await renderCreate(async () => {
      throw abpError(400, { message: 'Title already exists', validationErrors: [{ message: 'Title already exists', members: ['title'] }] });
    });
    await fillValidVisit(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const title = screen.getByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Title already exists');
    expect(screen.queryByRole('alert')?.textContent ?? '').not.toContain('Title already exists');
  });

  it('shows an error that names no field as a toast', async () => {
    const user = userEvent.setup();
    await renderCreate(async () => {
      throw abpError(403, { message: 'You are not allowed to create care visits' });
    });
    await fillValidVisit(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You are not allowed to create care visits')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Title/ }).getAttribute('aria-invalid')).not.toBe('true');
  });

  it.each([
    [409, 'Someone else saved this record'],
    [500, 'Internal error'],
  ])("shows a %i on react-admin's stock edit form and stays on it", async (status, message) => {
    const dataProvider = recordingDataProvider({ 'care-visits': [{ id: 'v1', title: 'Morning check' }] });
    dataProvider.update = (async () => {
      throw abpError(status, { message });
    }) as typeof dataProvider.update;
    const i18n = await servedI18n('en');
    renderScreen(
      <Edit mutationMode="pessimistic">
        <SimpleForm>
          <TextInput source="title" />
        </SimpleForm>
      </Edit>,
      { resource: 'care-visits', i18n, dataProvider, route: { path: '/care-visits/:id', url: '/care-visits/v1' } },
    );
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.type(title, ' late');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // 409 is told as the concurrency text whatever the server worded (abpErrors.ts).
    expect(await screen.findByText(status === 409 ? i18n.t('admin:errors.concurrency') : message)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Morning check late');
  });

  it('creates one record when Save is pressed twice', async () => {
    // Clicks land even on a button the first click has just turned off, as a fast double click can.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    let release: () => void = () => undefined;
    const dataProvider = await renderCreate((data) => new Promise((resolve) => (release = () => resolve({ data: { ...data, id: 'v1' } }))));
    await fillValidVisit(user);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    await user.click(save);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), '{Enter}');
    release();
    await waitFor(() => expect(dataProvider.writes.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dataProvider.writes).toHaveLength(1);
  });
});
