import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18next } from 'i18next';
import type { ReactNode } from 'react';
import { HttpError } from 'react-admin';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../common/runtime-config';
import { readNamespace, translate } from '../../server/localization/texts';
import { LanguageSwitcher } from '../../src/components/LanguageSwitcher';
import MapView from '../../src/components/map/MapView';
import { RuntimeConfigProvider } from '../../src/components/RuntimeConfigContext';
import { LanguageSection } from '../../src/pages/app/account/LanguageSection';
import { useSaveLanguageChoice } from '../../src/pages/app/account/ownLanguage';
import * as typedApi from '../../src/providers/openapi/typedApi';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/**
 * The user's language (src/pages/app/account/LanguageSection.tsx, ownLanguage.ts): the setting on
 * /account and the app bar's switch are one value, saved on the server, and the map's own zoom
 * buttons speak the app's language. The one double is the typed API call (the route is the api
 * project's subject): it answers as the server does and records what was sent.
 */
vi.mock('../../src/providers/openapi/typedApi', () => ({ api: vi.fn() }));
const api = vi.mocked(typedApi.api);

/** The served texts of `lng` and of the other languages a test switches to, with the namespaces these screens read. */
async function textsIn(lng: string, others: string[] = []): Promise<I18next> {
  const i18n = await servedI18n(lng);
  for (const code of ['dev', lng, ...others]) {
    for (const ns of ['translation', 'profile', 'geofences']) i18n.addResourceBundle(code, ns, readNamespace(code === 'dev' ? 'en' : code, ns), true, true);
  }
  return i18n;
}

/** The PUTs of the user's language so far. */
const saved = () => api.mock.calls.filter(([method, path]) => method === 'put' && path === '/api/plugandplay/profile/language').map(([, , request]) => (request as { body: { language: string } }).body.language);

beforeAll(() => {
  schemaScreens();
});
beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (method, path, request) => {
    if (method === 'put' && path === '/api/plugandplay/profile/language') return { language: (request as { body: { language: string } }).body.language } as never;
    throw new Error(`unexpected call ${method} ${path}`);
  });
});

describe('Language on /account', () => {
  it.each([
    ['en', 'Language for the app, alarms and emails', 'English'],
    ['da', 'Sprog for appen, alarmer og e-mails', 'Dansk'],
  ] as const)('shows the language alarms and mails are written in (%s)', async (lng, label, shown) => {
    renderScreen(<LanguageSection language={lng === 'da' ? 'da-DK' : 'en'} />, { resource: 'account', i18n: await textsIn(lng), dataProvider: recordingDataProvider() });
    const region = screen.getByRole('region', { name: translate('profile:account.language.title', lng) });
    expect(within(region).getByText(translate('profile:account.language.intro', lng))).toBeTruthy();
    const select = within(region).getByRole('combobox', { name: label }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe(shown);
    // Each language is named in itself, and read out in it.
    expect([...select.options].map((o) => `${o.lang}:${o.textContent}`)).toEqual(['en:English', 'da:Dansk', 'de:Deutsch', 'sv:Svenska', 'nb:Norsk']);
  });

  it('saves a new language on the server, then shows the app in it', async () => {
    const i18n = await textsIn('da', ['de']);
    renderScreen(<LanguageSection language="da-DK" />, { resource: 'account', i18n, dataProvider: recordingDataProvider() });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'de-DE' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(translate('profile:account.language.saved', 'de-DE')));
    expect(saved()).toEqual(['de-DE']);
    expect(i18n.language).toBe('de-DE');
    expect(screen.getByRole('region', { name: 'Sprache' })).toBeTruthy();
  });

  it('says so when the language could not be saved, and leaves the app as it was', async () => {
    const i18n = await textsIn('en', ['sv']);
    api.mockRejectedValue(new HttpError('The service is overloaded. Try again shortly.', 503, {}));
    renderScreen(<LanguageSection language="en" />, { resource: 'account', i18n, dataProvider: recordingDataProvider() });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'sv' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The service is overloaded. Try again shortly.');
    expect(i18n.language).toBe('en');
  });
});

/** The signed-in layout's part: whatever switches the app's language, the choice is saved once. */
function SignedIn({ children }: { children?: ReactNode }) {
  useSaveLanguageChoice();
  return (
    <>
      <LanguageSwitcher />
      {children}
    </>
  );
}

describe("The app bar's language switch", () => {
  it('saves the language chosen there as the user\'s, and a choice made on /account once', async () => {
    const i18n = await textsIn('en', ['da', 'nb']);
    renderScreen(
      <SignedIn>
        <LanguageSection language="en" />
      </SignedIn>,
      { resource: 'account', i18n, dataProvider: recordingDataProvider() },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dansk' }));
    await waitFor(() => expect(saved()).toEqual(['da-DK']));
    expect(i18n.language).toBe('da-DK');

    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'no' } });
    await waitFor(() => expect(i18n.language).toBe('no'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(saved()).toEqual(['da-DK', 'no']);
  });
});

const CONFIG = { productName: 'Vigil', mapsKey: '', tileUrl: '' } as RuntimeConfig;

describe("The map's zoom buttons", () => {
  it('are named in the app\'s language, and again after a switch', async () => {
    const i18n = await textsIn('da', ['de']);
    renderScreen(
      <RuntimeConfigProvider config={CONFIG}>
        <MapView label="Kort" height={200} />
      </RuntimeConfigProvider>,
      { resource: 'dashboard', i18n, dataProvider: recordingDataProvider() },
    );
    const zoomIn = await screen.findByRole('button', { name: 'Zoom ind' });
    expect(zoomIn.getAttribute('title')).toBe('Zoom ind');
    expect(screen.getByRole('button', { name: 'Zoom ud' }).getAttribute('title')).toBe('Zoom ud');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();

    await act(() => i18n.changeLanguage('de'));
    expect(await screen.findByRole('button', { name: 'Vergrößern' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verkleinern' }).getAttribute('title')).toBe('Verkleinern');
    // One pair of buttons: the Danish ones were taken away.
    expect(screen.getAllByRole('button', { name: /^(Zoom|Vergrößern|Verkleinern)/ })).toHaveLength(2);
  });
});
