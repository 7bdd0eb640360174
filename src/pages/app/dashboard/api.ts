import type { DeviceDto, ReceiverDto } from '../../../../common/devices';
import { httpClient } from '../../../providers/httpClient';
import type { ApiCall } from './subscriptionCalls';

/** The dashboard's calls to server/devices (the caller's own devices, in the caller's tenant). */
export type Device = DeviceDto;
export type Receiver = ReceiverDto;

export interface NewDevice {
  imei: string;
  deviceId: string;
  name: string;
  promotionsOptIn: boolean;
}

const MANAGE = '/api/plugandplay/devicemanage';
const PROFILE = '/api/plugandplay/profile';
/** The caller's devices fit one page: the cap per account is small (tenant feature). */
const PAGE = 1000;

export async function fetchDashboard(signal: AbortSignal) {
  const [page, mine] = await Promise.all([
    httpClient<{ totalCount: number; items: Device[] }>('/api/app/productInstance/pagedDashboard', { query: { SkipCount: 0, MaxResultCount: PAGE, Sorting: 'name' }, signal, tenant: false }),
    httpClient<{ maxDeviceCount: number }>(`${MANAGE}/getAssignDeviceToUser`, { signal, tenant: false }),
  ]);
  return { devices: page.json?.items ?? [], maxDeviceCount: mine.json?.maxDeviceCount ?? 0 };
}

export interface DeviceLookup {
  known: boolean;
  model: string | null;
  available: boolean;
  assignedToYou: boolean;
}

/** What the tenant's stock knows about an IMEI or serial number (before adding it). */
export async function lookupDevice(imei: string, signal?: AbortSignal): Promise<DeviceLookup> {
  const { json } = await httpClient<DeviceLookup>(`${MANAGE}/getDeviceModel`, { query: { imei }, tenant: false, ...(signal ? { signal } : {}) });
  return json!;
}

export async function addDevice(device: NewDevice): Promise<Device> {
  const { json } = await httpClient<Device>(`${MANAGE}/assignDeviceToUser`, { method: 'POST', body: device, tenant: false });
  return json!;
}

export async function updateDevice(change: { id: string; name?: string; promotionsOptIn?: boolean; concurrencyStamp?: string }): Promise<Device> {
  const { json } = await httpClient<Device>(`${MANAGE}/updateDevice`, { method: 'PUT', body: change, tenant: false });
  return json!;
}

export async function removeDevice(id: string): Promise<void> {
  await httpClient(`/api/app/productInstance/dashboard/${encodeURIComponent(id)}`, { method: 'DELETE', tenant: false });
}

export async function fetchReceivers(deviceId: string, signal: AbortSignal): Promise<Receiver[]> {
  const { json } = await httpClient<{ items: Receiver[] }>(`${PROFILE}/invited-by-user`, { query: { deviceId }, signal, tenant: false });
  return json?.items ?? [];
}

/** Answered the same for any address (202 with a message): whether it is an account is not told. */
export async function inviteReceiver(deviceId: string, email: string): Promise<void> {
  await httpClient(`${PROFILE}/invite-user`, { method: 'POST', body: { deviceId, email }, tenant: false });
}

export async function removeReceiver(id: string): Promise<void> {
  await httpClient(`${PROFILE}/delete-invited-user/${encodeURIComponent(id)}`, { method: 'DELETE', tenant: false });
}

/** Sends one of the billing calls subscriptionCalls.ts builds. */
export async function sendCall(call: ApiCall): Promise<void> {
  await httpClient(call.path, { method: call.method, body: call.body, tenant: false });
}
