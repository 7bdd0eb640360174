import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/identity/passwords';

describe('password hashing', () => {
  it('hashes with scrypt and a salt, and verifies only the right password', async () => {
    const a = await hashPassword('Demo-Pass-2026');
    const b = await hashPassword('Demo-Pass-2026');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Demo-Pass-2026', a)).toBe(true);
    expect(await verifyPassword('demo-pass-2026', a)).toBe(false);
    expect(await verifyPassword('Demo-Pass-2026', 'garbage')).toBe(false);
  });
});
