import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../common/dates';
import { RawMessages } from '../../src/pages/app/troubleshoot/RawMessages';
import type { RawMessage } from '../../src/pages/app/troubleshoot/types';
import { recordingDataProvider, renderScreen, servedI18nWith } from './support/schema-screens';

const HEARD = new Date(Date.UTC(2026, 10, 27, 14, 20)).toISOString();

async function renderMessages(messages: RawMessage[], lastMessageTime: string | null, lng = 'en') {
  renderScreen(<RawMessages messages={messages} lastMessageTime={lastMessageTime} />, { resource: 'devices', i18n: await servedI18nWith(lng, 'stock'), dataProvider: recordingDataProvider() });
}

/** The raw messages of the troubleshooting page (src/pages/app/troubleshoot/RawMessages.tsx). */
describe('the raw messages on the troubleshooting page', () => {
  it('says that no raw message is kept, and when the watch was last heard from, for a watch with stored history', async () => {
    await renderMessages([], HEARD);
    const said = screen.getByText(/No raw message from this watch is kept here/);
    expect(said.textContent).toContain(`It was last heard from at ${formatDateTime(HEARD)}`);
    expect(screen.queryByText('The device has not sent any message yet.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so in Danish', async () => {
    await renderMessages([], HEARD, 'da');
    expect(screen.getByText(/Her er ikke gemt nogen rå besked fra uret/).textContent).toContain(formatDateTime(HEARD));
  });

  it('says that the device never sent anything only when nothing was ever heard from it', async () => {
    await renderMessages([], null);
    expect(screen.getByText('The device has not sent any message yet.')).toBeTruthy();
  });

  it('lists the messages kept', async () => {
    const message: RawMessage = { id: 'm1', receivedTime: HEARD, protocol: 'watch', outcome: 'stored', detail: null, payload: '[3G*356938035643809*0002*LK]', remoteAddress: '203.0.113.17' };
    await renderMessages([message], HEARD);
    expect(screen.getByRole('table', { name: 'Latest messages' })).toBeTruthy();
    expect(screen.getByText('[3G*356938035643809*0002*LK]')).toBeTruthy();
  });
});
