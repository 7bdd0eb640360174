import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { openInteraction, type Interaction } from './interaction';

/**
 * Signing in at the real issuer with a passkey, the way the sign-in page's script does: ask for
 * options (JSON), answer with a (software) authenticator and post the answer as the page's form.
 */
export interface PasskeyInteraction extends Interaction {
  options(): Promise<Response>;
  /** Posts the form field `response` (JSON text, or anything else to test bad input). */
  answer(response: AuthenticationResponseJSON | string): Promise<Response>;
}

export async function openPasskeyInteraction(baseUrl: string, opts: { language?: string; address?: string } = {}): Promise<PasskeyInteraction> {
  const interaction = await openInteraction(baseUrl, opts);
  return {
    ...interaction,
    options: () => interaction.postJson('/passkey/options'),
    answer: (response) => interaction.post('/passkey', { response: typeof response === 'string' ? response : JSON.stringify(response) }),
  };
}

/** The options of an interaction, failing the test when they are not given. */
export async function passkeyOptions(interaction: PasskeyInteraction): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const res = await interaction.options();
  if (res.status !== 200) throw new Error(`passkey options answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as PublicKeyCredentialRequestOptionsJSON;
}
