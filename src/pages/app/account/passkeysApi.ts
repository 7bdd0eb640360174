import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { httpClient } from '../../../providers/httpClient';

/** The signed-in user's passkeys (server/accounts/passkey-routes.ts). */
const PASSKEYS = '/api/account/passkeys';

export interface Passkey {
  id: string;
  name: string;
  creationTime: string;
  lastUsedTime: string | null;
  /** Backed up to the user's platform account (it follows them to their other devices). */
  isSynced: boolean;
}

export const PASSKEYS_KEY = ['account-passkeys'] as const;

export async function fetchPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  const res = await httpClient<{ totalCount: number; items: Passkey[] }>(PASSKEYS, { tenant: false, ...(signal ? { signal } : {}) });
  return res.json?.items ?? [];
}

/** Begins adding a passkey; the server asks for the current password first. */
export async function registrationOptions(password: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return (await httpClient<PublicKeyCredentialCreationOptionsJSON>(`${PASSKEYS}/registration-options`, { method: 'POST', tenant: false, body: { password } })).json!;
}

/** The browser's answer; the server names the passkey after the browser it was made in. */
export async function addPasskey(response: RegistrationResponseJSON): Promise<Passkey> {
  return (await httpClient<Passkey>(PASSKEYS, { method: 'POST', tenant: false, body: { response } })).json!;
}

export async function renamePasskey(id: string, name: string): Promise<Passkey> {
  return (await httpClient<Passkey>(`${PASSKEYS}/${encodeURIComponent(id)}`, { method: 'PUT', tenant: false, body: { name } })).json!;
}

export async function removePasskey(id: string): Promise<void> {
  await httpClient(`${PASSKEYS}/${encodeURIComponent(id)}`, { method: 'DELETE', tenant: false });
}
