import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../server/localization/texts';
import type { RuntimeConfig } from '../../common/runtime-config';
import { RuntimeConfigProvider } from '../../src/components/RuntimeConfigContext';
import GeofenceForm from '../../src/pages/app/geofence/GeofenceForm';
import { emptyEditor } from '../../src/pages/app/geofence/geofenceDraft';
import { TransferSection } from '../../src/pages/app/account/TransferSection';
import type { Profile } from '../../src/pages/app/account/api';
import { TransferGoodbye } from '../../src/pages/public/home/TransferGoodbye';
import * as typedApi from '../../src/providers/openapi/typedApi';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n, servedI18nWith } from './support/schema-screens';

/**
 * Account transfer at both ends (SPEC section 4): the recipient's page opens at the offer and
 * says why the device cap refuses it; the sender sees "Finalizing account transfer..." then what
 * happened; two watches of one name are told apart. The one double is the typed API call (the
 * routes are the api project's subject): it answers as the server does.
 */
vi.mock('../../src/providers/openapi/typedApi', () => ({ api: vi.fn() }));
const api = vi.mocked(typedApi.api);

const LINK = { id: '6f1c9a52-4a8e-4c0b-9d7e-2f5b8f0c1a11', token: 'tok' };
const OFFER = { id: LINK.id, senderName: 'Clara Carer', senderEmail: 'clara@example.com', deviceCount: 4, expiresTime: '2030-01-01T00:00:00Z' };
const PROFILE = { outgoingTransfer: null, incomingTransfers: [] } as unknown as Profile;
const CAP = 'This transfer would take your account over its limit of watches: you have 2, this transfer brings 4, the limit is 5. Remove at least 1 watch from your account, or ask the sender to remove some from theirs, then accept again.';

beforeAll(() => {
  schemaScreens();
});
beforeEach(() => {
  api.mockReset();
  api.mockImplementation(async (method, path) => {
    if (method === 'get' && path.startsWith('/api/plugandplay/profile/transfer-user-2/')) return OFFER as never;
    if (method === 'post' && path.startsWith('/api/plugandplay/profile/transfer-user-2/')) throw new HttpError(CAP, 403, { code: 'Vigil:DeviceCap' });
    throw new Error(`unexpected call ${method} ${path}`);
  });
});
const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.useRealTimers();
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe('the recipient opens the mailed link', () => {
  it('is brought to the offer, focused, and hears why the device cap refuses it', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const i18n = await servedI18nWith('en', 'profile');
    renderScreen(<TransferSection profile={PROFILE} onChanged={() => undefined} />, {
      resource: 'account',
      i18n,
      dataProvider: recordingDataProvider(),
      route: { path: '/account', url: `/account?transfer=${LINK.id}&token=${LINK.token}#account-transfer` },
    });
    const offer = await screen.findByText(/Clara Carer \(clara@example\.com\) wants to transfer their account to you: 4 watch/);
    await waitFor(() => expect(document.activeElement?.contains(offer)).toBe(true));
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });

    fireEvent.click(screen.getByRole('button', { name: 'Accept transfer' }));
    expect((await screen.findByText(/you have 2, this transfer brings 4, the limit is 5/)).textContent).toBe(CAP);
  });
});

describe('the sender, whose sign-in the acceptance ended', () => {
  it.each(['en', 'da', 'de', 'sv', 'nb'])('sees "Finalizing account transfer..." and then what happened (%s)', async (lng) => {
    vi.useFakeTimers();
    const i18n = await servedI18n(lng);
    render(
      <I18nextProvider i18n={i18n}>
        <TransferGoodbye signedOut />
      </I18nextProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(translate('translation:home.goodbye.finalizingTransfer', lng));
    if (lng === 'en') expect(status.textContent).toBe('Finalizing account transfer...');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('status').textContent).toBe(translate('translation:home.goodbye.transferred', lng));
  });

  it('keeps finalizing while a sign-in may still be there', async () => {
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={await servedI18n('en')}>
        <TransferGoodbye signedOut={false} />
      </I18nextProvider>,
    );
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('status').textContent).toBe('Finalizing account transfer...');
  });
});

describe('two watches of one name', () => {
  it.each([
    ['en', "Mum's watch (no. …3809)", "Mum's watch (no. …3817)"],
    ['da', "Mum's watch (nr. …3809)", "Mum's watch (nr. …3817)"],
  ])('are told apart by the end of their number where a zone picks its watches (%s)', async (lng, first, second) => {
    const i18n = await servedI18nWith(lng, 'geofences');
    const targets = {
      devices: [
        { id: 'a', name: "Mum's watch", imei: '356938035643809', model: null },
        { id: 'b', name: "Mum's watch", imei: '356938035643817', model: null },
        { id: 'c', name: "Dad's watch", imei: '356938035643825', model: null },
      ],
      citizens: [],
    };
    renderScreen(
      // The form's place search reads whether addresses can be searched.
      <RuntimeConfigProvider config={{ placeSearch: false } as RuntimeConfig}>
        <GeofenceForm state={emptyEditor()} onChange={() => undefined} targets={targets} problems={[]} saving={false} onSave={() => undefined} onCancel={() => undefined} onFocus={() => undefined} />
      </RuntimeConfigProvider>,
      { resource: 'geofence', i18n, dataProvider: recordingDataProvider() },
    );
    const boxes = within(screen.getByRole('group', { name: translate('geofences:page.devices', lng) })).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([first, second, "Dad's watch"]);
  });
});
