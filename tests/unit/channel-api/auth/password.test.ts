import { describe, expect, it } from 'vitest';
import { hashPassword, randomPassword, verifyPassword } from '../../../../channel-api/auth/password.ts';

describe('password hashing (scrypt)', () => {
  it('stores scrypt$16384$8$1$salt$hash with a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key, 'base64url')).toHaveLength(64);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('refuses anything that is not one of its hashes, including absurd cost parameters', async () => {
    const stored = await hashPassword('pw pw pw pw');
    const [, , , , salt, key] = stored.split('$');
    for (const bad of [
      '',
      'plain',
      `bcrypt$16384$8$1$${salt}$${key}`,
      `scrypt$3$8$1$${salt}$${key}`,
      `scrypt$1073741824$8$1$${salt}$${key}`,
      `scrypt$16384$8$1$$${key}`,
      `scrypt$16384$8$1$${salt}$`,
    ]) {
      expect(await verifyPassword('pw pw pw pw', bad)).toBe(false);
    }
  });

  it('treats visually equal Unicode forms as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait');
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('makes readable random temporary passwords', () => {
    const a = randomPassword();
    expect(a).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    expect(randomPassword()).not.toBe(a);
  });
});
