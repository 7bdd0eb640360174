import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { DeleteWithConfirmButton, Empty, RecordContextProvider, ResourceDefinitionContextProvider } from 'react-admin';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { handWrittenResources } from '../../src/layout/routeElements';
import { DeviceModelText } from '../../src/resources/devices/DeviceModelText';
import { RoleSecondFactor } from '../../src/pages/app/roles/RoleSecondFactor';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/** Small wording faults of the back office: each shows here as a person would read it. */
beforeAll(() => {
  schemaScreens();
});

describe('back-office wording', () => {
  it.each([
    { lng: 'en', text: 'No Claim types yet.' },
    { lng: 'da', text: 'Ingen Claim-typer endnu.' },
  ])("names a hand-written list by its menu label in its empty state, not by its path ($lng)", async ({ lng, text }) => {
    const name = 'identity-management/claim-types';
    const resource = handWrittenResources().find((element) => (element.props as { name: string }).name === name) as ReactElement<{ options?: { label?: string } }>;
    expect(resource.props.options?.label).toBe('menu.claimTypes');
    const i18n = await servedI18n(lng);
    renderScreen(
      <ResourceDefinitionContextProvider definitions={{ [name]: { name, options: resource.props.options } }}>
        <Empty />
      </ResourceDefinitionContextProvider>,
      { resource: name, i18n, dataProvider: recordingDataProvider() },
    );
    const heading = await screen.findByRole('heading');
    expect(heading.textContent).not.toMatch(/identity-management/i);
    expect(heading.textContent?.toLowerCase()).toBe(text.toLowerCase());
  });

  it('asks in correct Danish before deleting an accessory (no "denne tilbehør")', async () => {
    const i18n = await servedI18n('da');
    renderScreen(
      <RecordContextProvider value={{ id: 'x1', name: 'Strap' }}>
        <DeleteWithConfirmButton />
      </RecordContextProvider>,
      { resource: 'accessories', i18n, dataProvider: recordingDataProvider() },
    );
    fireEvent.click(await screen.findByRole('button', { name: /Slet/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toMatch(/denne tilbehør/i);
    expect(dialog.textContent).toContain('Er du sikker på, at du vil slette denne post (tilbehør)?');
  });

  it('shows a device model by its label, not its stored value', async () => {
    const i18n = await servedI18n('da');
    renderScreen(<DeviceModelText model="tizen" />, { resource: 'citizens', i18n, dataProvider: recordingDataProvider() });
    expect(await screen.findByText('Tizen-ur')).toBeTruthy();
    expect(screen.queryByText('tizen')).toBeNull();
  });

  it("never shows the role page's second-factor texts as keys while they load", async () => {
    const served = await servedI18n('en');
    // The same texts, but the 'security' namespace is still on its way, as when the role page first opens.
    const i18n = i18next.createInstance();
    const pending: BackendModule = { type: 'backend', init: () => undefined, read: () => undefined };
    await i18n
      .use(pending)
      .use(initReactI18next)
      .init({ ...served.options, react: { useSuspense: false }, partialBundledLanguages: true, resources: { dev: served.getDataByLanguage('dev')!, en: served.getDataByLanguage('en')! } });
    void i18n.loadNamespaces('security');
    expect(i18n.hasLoadedNamespace('security')).toBe(false);
    renderScreen(
      <RecordContextProvider value={{ id: 'r1', name: 'Carer' }}>
        <RoleSecondFactor />
      </RecordContextProvider>,
      { resource: 'identity-management/roles', i18n, dataProvider: recordingDataProvider() },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body.textContent).not.toMatch(/requirement\.(title|help|roleLabel)/);
  });
});
