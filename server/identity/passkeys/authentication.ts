import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Db } from '../../db/database';
import { CHALLENGE_TTL_MS, keepChallenge, signInKey, takeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';
import { findByCredentialId, touchPasskey } from './store';

/**
 * Begins a sign-in with a passkey in a sign-in interaction: options for navigator.credentials.get
 * with no credentials named (the browser offers the passkeys it has for this site: nobody's name is
 * asked or told) and user verification required.
 */
export async function signInOptions(db: Db, rp: RelyingParty, interactionUid: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_MS - 60_000 });
  await keepChallenge(db, signInKey(interactionUid), options.challenge);
  return options;
}

/**
 * 'expired': no ceremony in flight for this interaction (never begun, used, or too old).
 * 'invalid': everything else (an unknown credential, a wrong signature, origin or counter), told
 * apart by nobody.
 */
export type PasskeySignIn = { ok: true; userId: string; passkeyId: string } | { ok: false; reason: 'expired' | 'invalid' };

/** Checks a passkey's answer in a sign-in interaction: the challenge is good once, whatever the answer. */
export async function verifySignIn(db: Db, rp: RelyingParty, interactionUid: string, response: AuthenticationResponseJSON): Promise<PasskeySignIn> {
  const challenge = await takeChallenge(db, signInKey(interactionUid));
  if (!challenge) return { ok: false, reason: 'expired' };
  const passkey = await findByCredentialId(db, response.id);
  if (!passkey) return { ok: false, reason: 'invalid' };
  // A passkey answers with the user handle it was made for: it must be its owner's.
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id) return { ok: false, reason: 'invalid' };
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.counter), transports: passkey.transports },
    });
    if (!result.verified) return { ok: false, reason: 'invalid' };
    await touchPasskey(db, passkey.id, result.authenticationInfo.newCounter);
    return { ok: true, userId: passkey.user_id, passkeyId: passkey.id };
  } catch {
    // A signature that does not verify, a counter that went back (a cloned authenticator), a wrong origin.
    return { ok: false, reason: 'invalid' };
  }
}
