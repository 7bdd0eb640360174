import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { memoryStore } from 'react-admin';
import { addReactAdminEnglish, createI18nProvider, i18nextLocaleStore } from '../../src/providers/i18nProvider';

async function instance() {
  const i18n = createInstance();
  await i18n.init({
    lng: 'da-DK',
    fallbackLng: 'dev',
    ns: ['translation', 'admin'],
    defaultNS: 'translation',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    resources: {
      'da-DK': {
        translation: { menu: { dashboard: 'Oversigt' } },
        admin: {
          userMenu: { signOut: 'Log ud' },
          ra: { action: { save: 'Gem' }, notification: { deleted_one: 'Element slettet', deleted_other: '{{smart_count}} elementer slettet' } },
        },
      },
      'de-DE': { admin: { ra: { action: { save: 'Speichern' } } } },
      dev: { translation: {}, admin: {} },
    },
  });
  addReactAdminEnglish(i18n);
  return i18n;
}

describe('react-admin i18nProvider over the shared i18next instance', () => {
  it('looks in admin, then translation, then English ra.* texts', async () => {
    const provider = createI18nProvider(await instance());
    expect(provider.translate('ra.action.save')).toBe('Gem');
    expect(provider.translate('menu.dashboard')).toBe('Oversigt');
    expect(provider.translate('admin:userMenu.signOut')).toBe('Log ud');
    expect(provider.translate('ra.action.export')).toBe('Export');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 })).toBe('1-10 of 42');
  });

  it('maps smart_count to plurals and _ to the default', async () => {
    const provider = createI18nProvider(await instance());
    expect(provider.translate('ra.notification.deleted', { smart_count: 1 })).toBe('Element slettet');
    expect(provider.translate('ra.notification.deleted', { smart_count: 3 })).toBe('3 elementer slettet');
    expect(provider.translate('resources.devices.name', { _: 'Devices', smart_count: 2 })).toBe('Devices');
  });

  it('shows server sentences as they are, separators and all', async () => {
    const provider = createI18nProvider(await instance());
    expect(provider.translate('Error: the device. Try again')).toBe('Error: the device. Try again');
  });

  it('changes language through i18next and reports it in getLocale', async () => {
    const i18n = await instance();
    const provider = createI18nProvider(i18n);
    expect(provider.getLocale()).toBe('da-DK');
    await provider.changeLocale('de-DE');
    expect(i18n.language).toBe('de-DE');
    expect(provider.getLocale()).toBe('de-DE');
    expect(provider.translate('ra.action.save')).toBe('Speichern');
    expect(provider.getLocales?.().map((l) => l.locale)).toEqual(['en', 'da-DK', 'de-DE', 'sv', 'no']);
  });

  it("routes the store's locale to i18next and tells subscribers when it changes", async () => {
    const i18n = await instance();
    const store = i18nextLocaleStore(memoryStore(), i18n);
    store.setup();
    expect(store.getItem('locale')).toBe('da-DK');
    const seen: unknown[] = [];
    const off = store.subscribe('locale', (value) => seen.push(value));
    await i18n.changeLanguage('de-DE');
    expect(seen).toEqual(['de-DE']);
    store.setItem('locale', 'da-DK');
    await new Promise((r) => setTimeout(r, 0));
    expect(i18n.language).toBe('da-DK');
    off();
    store.setItem('sidebar.open', true);
    expect(store.getItem('sidebar.open')).toBe(true);
  });
});
