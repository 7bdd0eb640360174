import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import type { ApiCall } from './subscriptionCalls';

/** The dashboard's calls to server/devices: the caller's own devices, in the caller's tenant (no tenant filter). */
const OWN = { tenant: false } as const;

export type Device = AnswerOf<'/api/app/productInstance/pagedDashboard'>['items'][number];
export type Receiver = AnswerOf<'/api/plugandplay/profile/invited-by-user'>['items'][number];
/** What the tenant's stock knows about an IMEI or serial number (before adding it). */
export type DeviceLookup = AnswerOf<'/api/plugandplay/devicemanage/getDeviceModel'>;

/** The add form's values, every field as typed. */
export interface NewDevice {
  imei: string;
  deviceId: string;
  name: string;
  promotionsOptIn: boolean;
}

/** The caller's devices fit one page: the cap per account is small (tenant feature). */
const PAGE = 1000;

export async function fetchDashboard(signal: AbortSignal) {
  const [page, mine] = await Promise.all([
    api('get', '/api/app/productInstance/pagedDashboard', { ...OWN, query: { SkipCount: 0, MaxResultCount: PAGE, Sorting: 'name' }, signal }),
    api('get', '/api/plugandplay/devicemanage/getAssignDeviceToUser', { ...OWN, signal }),
  ]);
  return { devices: page.items, maxDeviceCount: mine.maxDeviceCount };
}

export async function lookupDevice(imei: string, signal?: AbortSignal): Promise<DeviceLookup> {
  return api('get', '/api/plugandplay/devicemanage/getDeviceModel', { ...OWN, query: { imei }, signal });
}

export async function addDevice(device: NewDevice): Promise<Device> {
  return api('post', '/api/plugandplay/devicemanage/assignDeviceToUser', { ...OWN, body: device });
}

export async function updateDevice(change: { id: string; name?: string; promotionsOptIn?: boolean; concurrencyStamp?: string }): Promise<Device> {
  return api('put', '/api/plugandplay/devicemanage/updateDevice', { ...OWN, body: change });
}

export async function removeDevice(id: string): Promise<void> {
  await api('delete', '/api/app/productInstance/dashboard/{id}', { ...OWN, params: { id } });
}

export async function fetchReceivers(deviceId: string, signal: AbortSignal): Promise<Receiver[]> {
  return (await api('get', '/api/plugandplay/profile/invited-by-user', { ...OWN, query: { deviceId }, signal })).items;
}

/** Answered the same for any address (202 with a message): whether it is an account is not told. */
export async function inviteReceiver(deviceId: string, email: string): Promise<void> {
  await api('post', '/api/plugandplay/profile/invite-user', { ...OWN, body: { deviceId, email } });
}

export async function removeReceiver(id: string): Promise<void> {
  await api('delete', '/api/plugandplay/profile/delete-invited-user/{id}', { ...OWN, params: { id } });
}

/** Sends one of the billing calls subscriptionCalls.ts builds. */
export async function sendCall(call: ApiCall): Promise<void> {
  await api('post', call.path, { ...OWN, body: call.body });
}
