import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { encryptPush } from '../../server/push/encrypt';

/** http_ece, the RFC 8188/8291 implementation web-push encrypts with (and browsers interoperate with). */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};
const b64 = (text: string) => Buffer.from(text, 'base64url');

describe('Web Push message encryption (RFC 8291, aes128gcm)', () => {
  it("gives RFC 8291's own example byte for byte (section 5 and appendix A)", () => {
    const body = encryptPush(
      { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
      Buffer.from('When I grow up, I want to be a watermelon'),
      { privateKey: b64('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw'), salt: b64('DGv6ra1nlYgDCS1FRnbzlw') },
    );
    expect(body.toString('base64url')).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  it('is decrypted by http_ece for payloads up to the 4,096 bytes a push service takes, with a new key and salt each time', () => {
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const keys = { p256dh: receiver.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    for (const size of [0, 1, 100, 3993]) {
      const payload = randomBytes(size);
      const body = encryptPush(keys, payload);
      // Header 86 bytes, the record's delimiter 1, the tag 16.
      expect(body.length).toBe(86 + size + 1 + 16);
      expect(ece.decrypt(body, { version: 'aes128gcm', privateKey: receiver, authSecret: keys.auth }).equals(payload)).toBe(true);
    }
    const [a, b] = [encryptPush(keys, Buffer.from('x')), encryptPush(keys, Buffer.from('x'))];
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
  });

  it('refuses a subscription key that is not an uncompressed P-256 point, or a short auth secret', () => {
    expect(() => encryptPush({ p256dh: randomBytes(33).toString('base64url'), auth: randomBytes(16).toString('base64url') }, Buffer.from('x'))).toThrow(/P-256/);
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    expect(() => encryptPush({ p256dh: receiver.getPublicKey().toString('base64url'), auth: randomBytes(8).toString('base64url') }, Buffer.from('x'))).toThrow(/auth/);
  });
});
