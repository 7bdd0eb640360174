import { api, type AnswerOf } from '../../../providers/openapi/typedApi';

/** The signed-in user's authenticator app (server/accounts/authenticator-routes.ts); the session's own, no tenant filter. */
const BASE = '/api/account/authenticator';
const OWN = { tenant: false } as const;

export type AuthenticatorStatus = AnswerOf<typeof BASE>;
/** The secret, its otpauth URI and its QR code (an SVG data URL). */
export type AuthenticatorSetup = AnswerOf<'/api/account/authenticator/setup', 'post'>;

export const AUTHENTICATOR_KEY = ['account-authenticator'] as const;

export async function fetchAuthenticator(signal?: AbortSignal): Promise<AuthenticatorStatus> {
  return api('get', BASE, { ...OWN, signal });
}

/** Begins setting the app up; the server asks for the current password first. */
export async function beginSetup(password: string): Promise<AuthenticatorSetup> {
  return api('post', '/api/account/authenticator/setup', { ...OWN, body: { password } });
}

/** Turns the app on with its first code; answers the recovery codes (shown once). */
export async function enableAuthenticator(code: string): Promise<string[]> {
  return (await api('post', '/api/account/authenticator/enable', { ...OWN, body: { code } })).recoveryCodes;
}

export async function renewRecoveryCodes(code: string): Promise<string[]> {
  return (await api('post', '/api/account/authenticator/recovery-codes', { ...OWN, body: { code } })).recoveryCodes;
}

export async function disableAuthenticator(proof: { code: string } | { password: string }): Promise<void> {
  await api('post', '/api/account/authenticator/disable', { ...OWN, body: proof });
}
