import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Message encryption for Web Push (RFC 8291), in the aes128gcm content coding (RFC 8188) as one
 * record: a new P-256 key pair and a random salt for every message, the input keying material
 * from the ECDH secret and the subscription's auth secret, then the content key and nonce, all
 * with HKDF-SHA-256.
 *
 * web-push does the same through http_ece, whose HKDF is made of one createHmac per step: about
 * twice the CPU of Node's native hkdfSync for the whole message (docs/decisions/033-alarms-a-carer-can-act-on.md, "Alarms a carer
 * can act on"). tests/unit/push-encrypt.test.ts checks this against RFC 8291's own example and
 * against http_ece's decryption.
 */

/** The record size written in the header; one record holds any payload a push service accepts (4,096 bytes). */
const RECORD_SIZE = 4096;
const KEY_INFO = Buffer.from('WebPush: info\0', 'latin1');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0', 'latin1');
/** The last (here only) record's delimiter (RFC 8188 section 2). */
const LAST_RECORD = Buffer.from([2]);

export interface PushKeys {
  /** The subscription's public key, base64url (uncompressed P-256 point, 65 bytes). */
  p256dh: string;
  /** The subscription's auth secret, base64url (16 bytes). */
  auth: string;
}

/** For tests: the sender's key pair and the salt, which are random in every real message. */
export interface FixedParts {
  privateKey: Buffer;
  salt: Buffer;
}

/** The aes128gcm body of one push message to the subscription with `keys`. */
export function encryptPush(keys: PushKeys, payload: Buffer, fixed?: FixedParts): Buffer {
  const receiverKey = Buffer.from(keys.p256dh, 'base64url');
  const authSecret = Buffer.from(keys.auth, 'base64url');
  if (receiverKey.length !== 65 || receiverKey[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 public key');
  if (authSecret.length < 16) throw new Error('auth is shorter than 16 bytes');
  const sender = createECDH('prime256v1');
  if (fixed) sender.setPrivateKey(fixed.privateKey);
  else sender.generateKeys();
  const senderKey = sender.getPublicKey();
  const salt = fixed?.salt ?? randomBytes(16);

  const secret = sender.computeSecret(receiverKey);
  const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, Buffer.concat([KEY_INFO, receiverKey, senderKey]), 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));

  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  const sealed = Buffer.concat([cipher.update(payload), cipher.update(LAST_RECORD), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderKey.length, 20);
  return Buffer.concat([header, senderKey, sealed]);
}
