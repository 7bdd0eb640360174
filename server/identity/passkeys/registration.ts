import { randomUUID } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse, type PublicKeyCredentialCreationOptionsJSON, type RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../../db/database';
import { CHALLENGE_TTL_MS, keepChallenge, registrationKey, takeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';
import { addPasskey, credentialIdsOf, type PasskeyView } from './store';

/** The most passkeys one user may have. */
export const MAX_PASSKEYS = 20;

/** What a passkey's user handle holds: the user's id, so a sign-in can tell whose it is. */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export interface PasskeyOwner {
  id: string;
  tenantId: string | null;
  userName: string;
  displayName: string;
}

/**
 * Begins adding a passkey: options for navigator.credentials.create. A discoverable credential
 * (the sign-in page asks for no name) with user verification (a PIN or biometric: the passkey
 * alone is two factors); the user's existing passkeys are excluded.
 */
export async function registrationOptions(db: Db, rp: RelyingParty, owner: PasskeyOwner): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(owner.id),
    userName: owner.userName,
    userDisplayName: owner.displayName,
    timeout: CHALLENGE_TTL_MS - 60_000,
    attestationType: 'none',
    excludeCredentials: await credentialIdsOf(db, owner.id),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await keepChallenge(db, registrationKey(owner.id), options.challenge);
  return options;
}

export type RegistrationResult = { ok: true; passkey: PasskeyView } | { ok: false; reason: 'expired' | 'invalid' | 'duplicate' };

/** Finishes adding a passkey: the browser's answer checked against the challenge, origin and RP ID, then kept. */
export async function finishRegistration(db: Db, rp: RelyingParty, owner: PasskeyOwner, response: RegistrationResponseJSON, name: string): Promise<RegistrationResult> {
  const challenge = await takeChallenge(db, registrationKey(owner.id));
  if (!challenge) return { ok: false, reason: 'expired' };
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!verified.verified) return { ok: false, reason: 'invalid' };
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const passkey = await addPasskey(db, {
    id: randomUUID(),
    userId: owner.id,
    tenantId: owner.tenantId,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: response.response.transports ?? credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name,
  });
  return passkey ? { ok: true, passkey } : { ok: false, reason: 'duplicate' };
}
