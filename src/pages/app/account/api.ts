import { HttpError } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';

/** The caregiver's own account (server/accounts): GET /api/plugandplay/profile and its actions. */
const BASE = '/api/plugandplay/profile';
export const AVATAR = '/api/plugandplay/avatar';

export interface OutgoingTransfer {
  id: string;
  status: 'pending' | 'accepted';
  /** What the sender typed (e-mail, user name or id): whether it is an account is not told. */
  recipient: string;
  expiresTime: string;
  acceptedTime: string | null;
}

export interface IncomingTransfer {
  id: string;
  senderName: string;
  senderEmail: string;
  expiresTime: string;
}

export interface Profile {
  id: string;
  userName: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  productUpdates: boolean;
  avatarUpdated: string | null;
  activeSubscriptions: number;
  canDelete: boolean;
  outgoingTransfer: OutgoingTransfer | null;
  incomingTransfers: IncomingTransfer[];
}

export interface ProfileInput {
  fullName: string;
  email: string;
  phoneNumber: string;
  productUpdates: boolean;
}

export const PROFILE_KEY = ['plugandplay-profile'] as const;
/** The signed-in user's own picture, shown in the app bar (src/layout/UserAvatar.tsx); followed by the user's id. */
export const OWN_AVATAR_KEY = ['plugandplay-avatar'] as const;

/** `transferPending`: the sender waits for the recipient, whose acceptance ends the sender's sign-in (a 401 the page explains). */
export async function fetchProfile(signal?: AbortSignal, transferPending = false): Promise<Profile> {
  return (await httpClient<Profile>(BASE, { tenant: false, handlesSessionEnd: transferPending, ...(signal ? { signal } : {}) })).json!;
}

export async function updateProfile(input: ProfileInput): Promise<Profile> {
  return (await httpClient<Profile>(`${BASE}/update-profile`, { method: 'PUT', tenant: false, body: { ...input, phoneNumber: input.phoneNumber || null } })).json!;
}

export async function changePassword(input: { currentPassword: string; newPassword: string; confirmPassword: string }): Promise<void> {
  await httpClient(`${BASE}/change-password`, { method: 'POST', tenant: false, body: input });
}

/** The file's own bytes as the body; the server judges the content, not the name. */
export async function uploadAvatar(file: Blob): Promise<void> {
  await httpClient(AVATAR, { method: 'POST', tenant: false, body: file, headers: { 'Content-Type': 'application/octet-stream' } });
}

export async function fetchAvatar(signal?: AbortSignal): Promise<Blob | undefined> {
  try {
    return (await httpClient(AVATAR, { tenant: false, responseType: 'blob', ...(signal ? { signal } : {}) })).blob;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
}

export async function removeAvatar(): Promise<void> {
  await httpClient(AVATAR, { method: 'DELETE', tenant: false });
}

export async function inviteTransfer(recipient: string): Promise<void> {
  await httpClient(`${BASE}/transfer-user-1/${encodeURIComponent(recipient.trim())}`, { method: 'POST', tenant: false });
}

export async function cancelTransfer(): Promise<void> {
  await httpClient(`${BASE}/transfer-user-1`, { method: 'DELETE', tenant: false });
}

const transferPath = (id: string, token: string) => `${BASE}/transfer-user-2/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

export async function transferDetails(id: string, token: string): Promise<{ senderName: string; senderEmail: string; deviceCount: number; expiresTime: string }> {
  return (await httpClient<{ senderName: string; senderEmail: string; deviceCount: number; expiresTime: string }>(transferPath(id, token), { tenant: false })).json!;
}

export async function acceptTransfer(id: string, token: string): Promise<{ deviceCount: number }> {
  return (await httpClient<{ deviceCount: number }>(transferPath(id, token), { method: 'POST', tenant: false })).json!;
}

export async function deleteAccount(password: string): Promise<void> {
  await httpClient(`${BASE}/delete-user`, { method: 'POST', tenant: false, body: { password } });
}

/** The server's message and its field messages (react-admin's HttpError body from abpErrors.ts). */
export function failureOf(error: unknown, fallback: string): { message: string; fields: Record<string, string> } {
  if (error instanceof HttpError) {
    const body = error.body as { errors?: Record<string, unknown> } | undefined;
    const fields = Object.fromEntries(Object.entries(body?.errors ?? {}).filter((e): e is [string, string] => e[0] !== 'root' && typeof e[1] === 'string'));
    return { message: error.message || fallback, fields };
  }
  return { message: fallback, fields: {} };
}
