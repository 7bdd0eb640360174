import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { api, type AnswerOf, type BodyOf } from '../../../providers/openapi/typedApi';

/** The signed-in user's passkeys (server/accounts/passkey-routes.ts); the session's own, no tenant filter. */
const PASSKEYS = '/api/account/passkeys';
const OWN = { tenant: false } as const;

/** `isSynced`: backed up to the user's platform account (it follows them to their other devices). */
export type Passkey = AnswerOf<typeof PASSKEYS>['items'][number];

export const PASSKEYS_KEY = ['account-passkeys'] as const;

export async function fetchPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return (await api('get', PASSKEYS, { ...OWN, signal })).items;
}

/** Begins adding a passkey; the server asks for the current password first. */
export async function registrationOptions(password: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  // The route describes WebAuthn's options loosely (their parts as any objects): they are the standard's.
  return (await api('post', '/api/account/passkeys/registration-options', { ...OWN, body: { password } })) as unknown as PublicKeyCredentialCreationOptionsJSON;
}

/** The browser's answer; the server names the passkey after the browser it was made in. */
export async function addPasskey(response: RegistrationResponseJSON): Promise<Passkey> {
  // The route takes any object as clientExtensionResults; the library's type of it has no index signature.
  return api('post', PASSKEYS, { ...OWN, body: { response: response as BodyOf<typeof PASSKEYS, 'post'>['response'] } });
}

export async function renamePasskey(id: string, name: string): Promise<Passkey> {
  return api('put', '/api/account/passkeys/{id}', { ...OWN, params: { id }, body: { name } });
}

export async function removePasskey(id: string): Promise<void> {
  await api('delete', '/api/account/passkeys/{id}', { ...OWN, params: { id } });
}
