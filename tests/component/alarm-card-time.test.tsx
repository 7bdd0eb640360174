import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWithZone } from '../../common/dates';
import type { AlarmMessage } from '../../common/alarm-message';
import LiveAlarms from '../../src/components/tracking/LiveAlarms';
import * as typedApi from '../../src/providers/openapi/typedApi';
import * as sessionData from '../../src/providers/sessionData';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18nWith } from './support/schema-screens';

/**
 * One alarm card, one time in one zone: the server writes the alarm's text in the tenant's zone
 * ("17:03 CET"), and the time shown beside the text is that same time, whatever zone the device
 * is in. The tenant's zone here is one no test machine runs in (UTC+14), so a time told in the
 * device's zone would differ. The doubles answer as the server does: the open alarms, the
 * application configuration's `timing`, an idle live stream.
 */
vi.mock('../../src/providers/openapi/typedApi', () => ({ api: vi.fn() }));
vi.mock('../../src/providers/sessionData', async (original) => ({ ...(await original<object>()), getApplicationConfiguration: vi.fn() }));
vi.mock('../../src/config/runtime', async (original) => ({ ...(await original<object>()), loadRuntimeConfig: async () => ({ apiBase: 'http://vigil.test/api' }) }));
vi.mock('../../src/providers/authHeaders', () => ({ authorizationHeaders: async () => ({ Authorization: 'Bearer carer' }) }));

const ZONE = 'Pacific/Kiritimati';
const EVENT_TIME = new Date('2026-11-24T16:03:00Z');

const alarm: AlarmMessage = {
  id: '6f0c1b1e-0000-4000-8000-000000000001',
  eventId: '6f0c1b1e-0000-4000-8000-000000000002',
  deviceId: '6f0c1b1e-0000-4000-8000-000000000003',
  deviceName: "Mum's watch",
  type: 'geofenceExit',
  subject: "Mum's watch has left Home",
  body: `Mum's watch left the safe zone Home at ${formatWithZone(EVENT_TIME, ZONE)}.`,
  eventTime: EVENT_TIME.toISOString(),
  creationTime: EVENT_TIME.toISOString(),
  acknowledgedTime: null,
};

beforeAll(() => {
  schemaScreens();
  vi.mocked(typedApi.api).mockImplementation((async (_method: string, path: string) => {
    if (path === '/api/app/tracking/alarms') return { totalCount: 1, items: [alarm] };
    throw new Error(`unexpected call ${path}`);
  }) as never);
  vi.mocked(sessionData.getApplicationConfiguration).mockResolvedValue({ timing: { timeZone: { iana: { timeZoneName: ZONE }, windows: { timeZoneId: null } } } } as never);
});
beforeEach(() => {
  // The live stream answers and stays open with nothing to say.
  vi.stubGlobal('fetch', async () => new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'text/event-stream' } }));
});
afterEach(() => vi.unstubAllGlobals());

describe('an alarm card', () => {
  it("shows beside the text the text's own time, in the tenant's zone, naming the zone once", async () => {
    renderScreen(<LiveAlarms />, { resource: 'devices', i18n: await servedI18nWith('en', 'tracking'), dataProvider: recordingDataProvider() });
    const text = await screen.findByText(/left the safe zone Home/);
    // 16:03 UTC is 06:03 the next day at UTC+14.
    expect(text.textContent).toContain('06:03 GMT+14 - 25/11/26');
    const time = text.closest('li')!.querySelector('time')!;
    await waitFor(() => expect(time.textContent).toBe('06:03 - 25/11/26'));
    expect(time.getAttribute('dateTime')).toBe(EVENT_TIME.toISOString());
    expect(time.getAttribute('title')).toBe(`GMT+14 (${ZONE})`);
  });
});
