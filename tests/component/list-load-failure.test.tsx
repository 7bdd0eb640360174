import { act, fireEvent, render, screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from '../../src/components/ErrorScreen';
import { LocalizedError } from '../../src/i18n/localizedError';
import { AccessCheckError } from '../../src/layout/AccessCheckError';
import SchemaList from '../../src/schema/views/SchemaList';
import { I18nextProvider } from 'react-i18next';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, type SchemaScreens } from './support/schema-screens';

/**
 * A list whose load fails is tried again as SPEC section 8 says (3 attempts, 10 s apart, none on
 * 403, 404, 500, 503), says so while it tries, and then shows why with Try again: never an empty
 * list. The error screens say what went wrong in the user's language.
 */
let screens: SchemaScreens;
const VISITS = [{ id: 'a1', title: 'Morning check', kind: 'phone', organizationId: null, durationMinutes: 30, followUp: true, contactEmail: null, contactPhone: null, notes: null }];

beforeAll(() => {
  screens = schemaScreens();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A data provider whose list fails with `status` until `recover()`, counting its calls. */
function failingList(status: number) {
  const provider = recordingDataProvider({ 'care-visits': VISITS, organizations: [] });
  const state = { calls: 0, failing: true };
  const served = provider.getList.bind(provider);
  provider.getList = (async (resource: string, params: unknown) => {
    if (resource !== 'care-visits') return served(resource, params as never);
    state.calls += 1;
    if (state.failing) throw new HttpError('Bad Gateway', status, {});
    return served(resource, params as never);
  }) as typeof provider.getList;
  return { provider, state, recover: () => (state.failing = false) };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('a list whose load fails', () => {
  it('tries 3 times, 10 s apart, says so in Danish, then shows the error with Try again, which loads it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { provider, state, recover } = failingList(502);
    renderScreen(<SchemaList schema={screens.schema('care-visits')} />, { resource: 'care-visits', i18n: await servedI18n('da'), dataProvider: provider });

    expect((await screen.findByRole('status')).textContent).toContain('Listen kunne ikke hentes. Prøver igen (2 af 3)');
    expect(state.calls).toBe(1);
    await advance(10_000);
    expect((await screen.findByRole('status')).textContent).toContain('(3 af 3)');
    expect(state.calls).toBe(2);
    await advance(10_000);

    const alert = await screen.findByRole('alert');
    expect(state.calls).toBe(3);
    expect(alert.textContent).toContain('Listen kunne ikke hentes.');
    expect(alert.textContent).toContain('Serveren kunne ikke svare (fejl 502).');
    // Never the empty list nor a page count of rows that were never read.
    expect(screen.queryByText(/Ingen .* fundet|No .* found/)).toBeNull();
    expect(screen.queryByText(/1-\d+ (af|of)/)).toBeNull();

    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByText('Morning check')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(state.calls).toBe(4);
  });

  it.each([500, 503, 403])('does not try again after a %i', async (status) => {
    const { provider, state } = failingList(status);
    renderScreen(<SchemaList schema={screens.schema('care-visits')} />, { resource: 'care-visits', i18n: await servedI18n('en'), dataProvider: provider });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(alert.textContent).toContain(`(error ${status})`);
    expect(screen.queryByRole('status')).toBeNull();
    expect(state.calls).toBe(1);
  });
});

describe('error screens', () => {
  it("say what went wrong in the user's language", async () => {
    const i18n = await servedI18n('da');
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorScreen error={new LocalizedError('errors.runtimeConfig', { status: 503 }, 'Runtime configuration failed: 503')} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Appens indstillinger kunne ikke hentes fra serveren (fejl 503).');
    expect(screen.queryByText(/Runtime configuration failed/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeTruthy();
  });

  it('offer Try again when the permissions could not be loaded, instead of "Authentication error"', async () => {
    const i18n = await servedI18n('de');
    render(
      <I18nextProvider i18n={i18n}>
        <AccessCheckError />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Ihr Zugriff konnte nicht geprüft werden');
    expect(screen.getByRole('alert').textContent).toContain('Ihre Berechtigungen konnten nicht vom Server geladen werden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
