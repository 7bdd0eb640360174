import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../common/dates';
import { ConnectionPanel } from '../../src/pages/app/troubleshoot/ConnectionPanel';
import type { WatchConnection } from '../../src/pages/app/troubleshoot/types';
import { recordingDataProvider, renderScreen, servedI18nWith } from './support/schema-screens';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute, 30)).toISOString();
const FRAME = '[3G*356938035643809*000A*LK,10,0,90]';

const CONNECTED: WatchConnection = {
  state: 'connected',
  protocol: 'watch',
  remoteAddress: '203.0.113.17',
  connectedTime: at(0),
  lastInTime: at(5),
  lastOutTime: at(4),
  lastHeardTime: at(5),
  lastFrameIn: { receivedTime: at(5), payload: FRAME, outcome: 'stored' },
  lastCommandOut: { id: 'c1', type: 'positionSingle', text: 'positionSingle', status: 'acknowledged', sentTime: at(3) },
};
const GONE: WatchConnection = { ...CONNECTED, state: 'notConnected', protocol: null, remoteAddress: null, connectedTime: null, lastInTime: null, lastOutTime: null };


async function renderPanel(connection: WatchConnection, lng = 'en') {
  renderScreen(<ConnectionPanel connection={connection} />, { resource: 'devices', i18n: await servedI18nWith(lng, 'stock'), dataProvider: recordingDataProvider() });
}

/** Each term of the panel's list with its value, as a screen reader reads them. */
function facts(name: string): [string, string][] {
  const list = screen.getByRole('region', { name });
  const terms = within(list).getAllByRole('term').map((t) => t.textContent ?? '');
  const values = within(list).getAllByRole('definition').map((d) => d.textContent ?? '');
  return terms.map((t, i) => [t, values[i] ?? '']);
}

/** The troubleshooting page's connection panel (src/pages/app/troubleshoot/ConnectionPanel.tsx). */
describe('the connection panel on the troubleshooting page', () => {
  it('shows a connected watch: since when, protocol, address, the last frame in and out, the latest command and its state', async () => {
    await renderPanel(CONNECTED);
    expect(facts('Connection to the watch')).toEqual([
      ['Connected since', formatDateTime(at(0), true)],
      ['Protocol', '3G watch protocol'],
      ['IP address', '203.0.113.17'],
      ['Last received from the watch', `${formatDateTime(at(5), true)}${FRAME}`],
      ['Last sent to the watch', formatDateTime(at(4), true)],
      ['Latest command sent', `Locate nowConfirmed by the watch, ${formatDateTime(at(3), true)}`],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a connection nothing came over for long may be stale', async () => {
    await renderPanel({ ...CONNECTED, state: 'stale', protocol: 'eview', lastCommandOut: { id: 'c2', type: 'template', text: 'pw,123456,reset#', status: 'sent', sentTime: at(2) } });
    expect(screen.getByRole('alert').textContent).toBe(
      `This connection may be stale: nothing has come from the watch since ${formatDateTime(at(5), true)}. The server holding it may have stopped; the watch reconnects by itself.`,
    );
    const shown = Object.fromEntries(facts('Connection to the watch'));
    expect(shown.Protocol).toBe('Eview protocol');
    // The template's text, as it was written.
    expect(shown['Latest command sent']).toBe(`Templatepw,123456,reset#Sent, ${formatDateTime(at(2), true)}`);
  });

  it('says when a watch that is not connected was last heard from, in the user\'s language', async () => {
    await renderPanel(GONE, 'da');
    const panel = screen.getByRole('region', { name: 'Forbindelse til uret' });
    expect(within(panel).queryByRole('term')).toBeNull();
    expect(within(panel).getByText(`Ikke forbundet. Seneste livstegn fra uret: ${formatDateTime(at(5), true)}.`)).toBeTruthy();
  });

  it('speaks the user\'s language for a connected watch too', async () => {
    await renderPanel({ ...CONNECTED, lastOutTime: null, lastCommandOut: null }, 'da');
    expect(facts('Forbindelse til uret')).toEqual([
      ['Forbundet siden', formatDateTime(at(0), true)],
      ['Protokol', '3G-urprotokol'],
      ['IP-adresse', '203.0.113.17'],
      ['Senest modtaget fra uret', `${formatDateTime(at(5), true)}${FRAME}`],
      ['Senest sendt til uret', 'Intet endnu'],
      ['Seneste kommando sendt', 'Ingen sendt endnu'],
    ]);
  });

  it('says an OsmAnd watch keeps no connection, and a watch never heard from', async () => {
    await renderPanel({ ...GONE, state: 'osmand', lastHeardTime: null, lastFrameIn: null, lastCommandOut: null });
    expect(screen.getByText('Reports over OsmAnd (no connection kept). Nothing has come from the watch yet.')).toBeTruthy();
  });
});
