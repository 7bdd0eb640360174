import { screen, waitFor } from '@testing-library/react';
import type { i18n as I18next } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceStateEvent } from '../../common/devices';
import { readNamespace } from '../../server/localization/texts';
import type { Device } from '../../src/pages/app/dashboard/api';
import { DeviceList } from '../../src/pages/app/dashboard/DeviceList';
import { useDashboardDevices } from '../../src/pages/app/dashboard/useDashboardDevices';
import * as typedApi from '../../src/providers/openapi/typedApi';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/**
 * The dashboard's watch cards following the live stream (src/pages/app/dashboard/
 * useDashboardDevices.ts, DeviceList.tsx, src/components/tracking/liveEvents.ts and liveStream.ts):
 * a `device` event changes the card at once, without reading the list; a reconnection or a
 * `resync` reads it again, and a change told while the list is read is never undone by that read.
 * The doubles: the typed API call (answered from `server` below, as of when it was asked) and the
 * stream's fetch, a text/event-stream body the test writes into (the server's side is the api
 * project's subject, tests/api/live-device-states.test.ts).
 */
vi.mock('../../src/providers/openapi/typedApi', () => ({ api: vi.fn() }));
vi.mock('../../src/config/runtime', async (original) => ({ ...(await original<object>()), loadRuntimeConfig: async () => ({ apiBase: 'http://vigil.test/api' }) }));
vi.mock('../../src/providers/authHeaders', () => ({ authorizationHeaders: async () => ({ Authorization: 'Bearer carer' }) }));

const DEVICE_ID = '4b1d0f7e-5a0c-4d3e-9f55-0000000000d1';
const two = (n: number) => String(n).padStart(2, '0');
const today = (h: number, m: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m);
};
const yesterdayAt1603 = new Date(today(16, 3).getTime() - 24 * 3600_000);
const yesterdayText = `16:03 - ${two(yesterdayAt1603.getDate())}/${two(yesterdayAt1603.getMonth() + 1)}/${two(yesterdayAt1603.getFullYear() % 100)}`;

/** The watch as the server holds it now; a read answers what it held when it was asked. */
let server: Device;
let reads = 0;
/** When set, the next read's answer waits for it (the read itself was made when asked). */
let holdNextRead: Promise<void> | undefined;

const device = (change: Partial<Device>): Device => ({
  id: DEVICE_ID, name: "Dad's watch", imei: '356938035643809', deviceId: null, model: 'watch4', status: 'offline', subscriptionStatus: 'active',
  batteryLevel: 50, charging: false, lastContact: yesterdayAt1603.toISOString(), promotionsOptIn: false, creationTime: '2026-01-01T00:00:00.000Z', concurrencyStamp: 'stamp',
  ...change,
});

async function answer(method: string, path: string) {
  if (path === '/api/app/productInstance/pagedDashboard') {
    reads++;
    const read = { ...server };
    const hold = holdNextRead;
    holdNextRead = undefined;
    if (hold) await hold;
    return { totalCount: 1, items: [read] };
  }
  if (path === '/api/plugandplay/devicemanage/getAssignDeviceToUser') return { totalCount: 0, maxDeviceCount: 3, items: [] };
  throw new Error(`unexpected call ${method} ${path}`);
}

/** The live stream's answers, one per connection, written by the test as the server writes them. */
class ServedStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly response: Response;
  constructor(signal: AbortSignal | undefined) {
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (this.controller = c) });
    signal?.addEventListener('abort', () => this.controller.error(new Error('aborted')));
    this.response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }
  send(event: string, data: unknown) {
    this.controller.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  }
  /** The server ends the stream (a restart, a dropped connection). */
  end() {
    this.controller.close();
  }
}
let streams: ServedStream[] = [];

function Cards() {
  const { data } = useDashboardDevices();
  return data ? <DeviceList devices={data.devices} subscriptions={[]} onAction={() => undefined} onPosition={() => undefined} /> : null;
}

async function textsIn(lng: string): Promise<I18next> {
  const i18n = await servedI18n(lng);
  for (const code of ['dev', lng]) i18n.addResourceBundle(code, 'devices', readNamespace(code === 'dev' ? 'en' : code, 'devices'));
  return i18n;
}

async function renderCards(lng = 'en') {
  return renderScreen(<Cards />, { resource: 'devices', i18n: await textsIn(lng), dataProvider: recordingDataProvider() });
}

/** What the card says against one of its terms ("Connection", "Battery", "Last contact"). */
const shown = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const card = () => ({ connection: shown('Connection'), battery: shown('Battery'), lastContact: shown('Last contact') });
const stateEvent = (state: Partial<DeviceStateEvent>): DeviceStateEvent => ({ deviceId: DEVICE_ID, tenantId: null, online: true, batteryLevel: 50, charging: false, lastContact: null, ...state });

beforeAll(() => {
  schemaScreens();
  vi.mocked(typedApi.api).mockImplementation(answer as never);
});
beforeEach(() => {
  server = device({});
  reads = 0;
  holdNextRead = undefined;
  streams = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('http://vigil.test/api/app/tracking/live');
    const stream = new ServedStream(init.signal ?? undefined);
    streams.push(stream);
    return stream.response;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a watch card on the live stream', () => {
  it('changes with each state the stream tells, without reading the list', async () => {
    await renderCards();
    await waitFor(() => expect(card()).toEqual({ connection: 'Offline', battery: '50 %', lastContact: yesterdayText }));
    // Connected: the list is read once more (what changed before the stream was open).
    await waitFor(() => expect(reads).toBe(2));

    streams[0]!.send('device', stateEvent({ online: true, batteryLevel: 64, charging: true, lastContact: today(6, 7).toISOString() }));
    await waitFor(() => expect(card()).toEqual({ connection: 'Online', battery: '64 % · charging', lastContact: '06:07' }));
    // Another watch's state (not on this page) changes nothing.
    streams[0]!.send('device', stateEvent({ deviceId: '4b1d0f7e-5a0c-4d3e-9f55-0000000000d2', online: false, batteryLevel: 3 }));
    streams[0]!.send('device', stateEvent({ online: false, batteryLevel: 63, charging: false, lastContact: today(6, 8).toISOString() }));
    await waitFor(() => expect(card()).toEqual({ connection: 'Offline', battery: '63 %', lastContact: '06:08' }));
    expect(reads).toBe(2);
    expect(streams).toHaveLength(1);
  });

  it('reads the list again when the stream comes back, so nothing missed meanwhile stays stale', async () => {
    await renderCards();
    await waitFor(() => expect(reads).toBe(2));
    streams[0]!.send('device', stateEvent({ online: true, batteryLevel: 64, lastContact: today(6, 7).toISOString() }));
    await waitFor(() => expect(card().connection).toBe('Online'));

    // The stream drops; meanwhile the watch went offline and nobody was told.
    server = device({ status: 'offline', batteryLevel: 61, lastContact: today(6, 30).toISOString() });
    streams[0]!.end();
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(card()).toEqual({ connection: 'Offline', battery: '61 %', lastContact: '06:30' }));
    expect(reads).toBe(3);

    // The server's listener was away: it says so, and the list is read again.
    server = device({ status: 'online', batteryLevel: 60, lastContact: today(6, 31).toISOString() });
    streams[1]!.send('resync', {});
    await waitFor(() => expect(card()).toEqual({ connection: 'Online', battery: '60 %', lastContact: '06:31' }));
    expect(reads).toBe(4);
  });

  it('keeps a state told while the list is being read, rather than the older answer that arrives after it', async () => {
    await renderCards();
    await waitFor(() => expect(reads).toBe(2));
    let release!: () => void;
    holdNextRead = new Promise((resolve) => (release = resolve));
    streams[0]!.send('resync', {});
    await waitFor(() => expect(reads).toBe(3));
    // The read above holds the watch offline at 50 %; then it reports, and the stream tells it.
    server = device({ status: 'online', batteryLevel: 59, lastContact: today(6, 40).toISOString() });
    streams[0]!.send('device', stateEvent({ online: true, batteryLevel: 59, lastContact: today(6, 40).toISOString() }));
    await waitFor(() => expect(card()).toEqual({ connection: 'Online', battery: '59 %', lastContact: '06:40' }));
    release();
    await waitFor(() => expect(reads).toBe(4));
    await new Promise((r) => setTimeout(r, 100));
    expect(card()).toEqual({ connection: 'Online', battery: '59 %', lastContact: '06:40' });
  });

  it('says a charging watch in the carer’s language (da)', async () => {
    server = device({ status: 'online', batteryLevel: 80, charging: true, lastContact: today(9, 5).toISOString() });
    await renderCards('da');
    await screen.findByText('80 % · oplader');
    expect(screen.getByText('09:05')).toBeTruthy();
  });
});
