import { httpClient } from '../../../providers/httpClient';

/** The signed-in user's authenticator app (server/accounts/authenticator-routes.ts). */
const BASE = '/api/account/authenticator';

export interface AuthenticatorStatus {
  isEnabled: boolean;
  enabledTime: string | null;
  recoveryCodesLeft: number;
}

export interface AuthenticatorSetup {
  secret: string;
  uri: string;
  /** An SVG data URL. */
  qrCode: string;
}

export const AUTHENTICATOR_KEY = ['account-authenticator'] as const;

export async function fetchAuthenticator(signal?: AbortSignal): Promise<AuthenticatorStatus> {
  return (await httpClient<AuthenticatorStatus>(BASE, { tenant: false, ...(signal ? { signal } : {}) })).json!;
}

/** Begins setting the app up; the server asks for the current password first. */
export async function beginSetup(password: string): Promise<AuthenticatorSetup> {
  return (await httpClient<AuthenticatorSetup>(`${BASE}/setup`, { method: 'POST', tenant: false, body: { password } })).json!;
}

/** Turns the app on with its first code; answers the recovery codes (shown once). */
export async function enableAuthenticator(code: string): Promise<string[]> {
  return (await httpClient<{ recoveryCodes: string[] }>(`${BASE}/enable`, { method: 'POST', tenant: false, body: { code } })).json!.recoveryCodes;
}

export async function renewRecoveryCodes(code: string): Promise<string[]> {
  return (await httpClient<{ recoveryCodes: string[] }>(`${BASE}/recovery-codes`, { method: 'POST', tenant: false, body: { code } })).json!.recoveryCodes;
}

export async function disableAuthenticator(proof: { code: string } | { password: string }): Promise<void> {
  await httpClient(`${BASE}/disable`, { method: 'POST', tenant: false, body: proof });
}
