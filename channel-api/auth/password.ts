import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/* Passwords: scrypt (memory-hard, in node:crypto) stored as
 * `scrypt$N$r$p$<salt b64url>$<hash b64url>`, so the cost can be raised later without
 * invalidating stored hashes: each hash carries the parameters it was made with. */

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, opts: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: 128·N·r bytes plus headroom; node's 32 MiB default is enough for N=16384, not above.
    scrypt(password.normalize('NFKC'), salt, length, { ...opts, maxmem: 256 * (opts.N ?? N) * (opts.r ?? R) + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for anything that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const valid = (x: number, max: number) => Number.isInteger(x) && x > 0 && x <= max;
  if (!valid(n, 2 ** 20) || (n & (n - 1)) !== 0 || !valid(r, 32) || !valid(p, 16)) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, { N: n, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash of nothing anyone knows: login of an unknown address spends the same time as a real check. */
let decoy: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await (decoy ??= hashPassword(randomBytes(16).toString('hex'))));
}

/** A temporary password an operator can read out: 16 characters, no look-alikes. */
export function randomPassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
    if (out.length === length) return out;
  }
  return out + randomPassword(length - out.length);
}
