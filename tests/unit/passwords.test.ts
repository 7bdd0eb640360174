import { argon2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../server/identity/passwords';
import { legacyScryptHash } from '../support/legacy-password';

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/;

describe('password hashing', () => {
  it('hashes with Argon2id at OWASP parameters into a PHC string, salted, and verifies only the right password', async () => {
    const a = await hashPassword('Demo-Pass-2026');
    const b = await hashPassword('Demo-Pass-2026');
    // Self-describing: algorithm, version, memory (19 MiB in KiB), passes and lanes, salt and hash.
    expect(a).toMatch(PHC);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Demo-Pass-2026', a)).toBe(true);
    expect(await verifyPassword('demo-pass-2026', a)).toBe(false);
    expect(await verifyPassword('Demo-Pass-2026', 'garbage')).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('is the standard Argon2id: the PHC string re-derives with the parameters it names', async () => {
    const stored = await hashPassword('Fixture-Pass-2026');
    const [, salt, tag] = PHC.exec(stored)!;
    const again = argon2Sync('argon2id', { message: 'Fixture-Pass-2026', nonce: Buffer.from(salt!, 'base64'), memory: 19456, passes: 2, parallelism: 1, tagLength: 32 });
    expect(again.toString('base64').replace(/=+$/, '')).toBe(tag);
  });

  it('still verifies a scrypt hash from before, refuses a wrong password for it, and marks it for a rehash', async () => {
    const old = legacyScryptHash('Demo-Pass-2026');
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('Demo-Pass-2026', old)).toBe(true);
    expect(await verifyPassword('Demo-Pass-2027', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('marks weaker Argon2id parameters for a rehash, and refuses tampered or absurd ones without trying them', async () => {
    const weak = await hashPassword('x');
    expect(needsRehash(weak.replace('m=19456,t=2', 'm=8192,t=2'))).toBe(true);
    expect(needsRehash(weak.replace('m=19456,t=2', 'm=19456,t=1'))).toBe(true);
    // Asks for 4 GiB: refused before any work, as a wrong password.
    expect(await verifyPassword('x', weak.replace('m=19456', 'm=4194304'))).toBe(false);
    expect(await verifyPassword('x', weak.replace('$argon2id$', '$argon2i$'))).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', `${weak.slice(0, -4)}AAAA`)).toBe(false);
  });
});
