import crypto from 'node:crypto';
import type { Cookie, CookieSerializeOptions } from '@remix-run/node';
import { env } from '~/config/env.server';

/* The one cookie factory. Every cookie this app sets is HttpOnly and SameSite=Lax, Secure when
   COOKIE_SECURE (on by default for an https:// PUBLIC_URL), and encrypted: its value is
   AES-256-GCM over the JSON, so nobody holding the cookie can read what it says (the fan's name
   and address in the session, a mailed address) nor change it. The key is derived from each
   SESSION_SECRET: the first encrypts, every one still opens (rotation). The cookie's name is
   authenticated with the value, so one cookie's value never opens as another's. A value in any
   other form (a release's signed-only cookie, a tampered one) reads as no cookie at all.

   A Secure cookie carries a prefix the browser enforces: `__Host-` (only this exact origin over
   HTTPS, Path=/, no Domain: a sibling subdomain or a plain-http network attacker cannot plant or
   overwrite it), or `__Secure-` for the few cookies scoped to one path. Over plain http (npm start
   on localhost) prefixes are refused by browsers, so the names keep their `__` form there. */

export function cookieName(base: string, path = '/'): string {
  if (!env.COOKIE_SECURE) return `__${base}`;
  return path === '/' ? `__Host-${base}` : `__Secure-${base}`;
}

export function appCookie(base: string, opts: { path?: string; maxAge?: number } = {}): Cookie {
  const path = opts.path ?? '/';
  const name = cookieName(base, path);
  return {
    name,
    // Encrypted with an authentication tag: it cannot be forged, which is what "signed" promises.
    isSigned: true,
    get expires() {
      return opts.maxAge === undefined ? undefined : new Date(Date.now() + opts.maxAge * 1000);
    },
    async parse(cookieHeader) {
      const value = cookieValue(cookieHeader, name);
      if (value === null || value === '') return value;
      const opened = openValue(name, value);
      if (opened === null) return null;
      try {
        return JSON.parse(opened) as unknown;
      } catch {
        return null;
      }
    },
    async serialize(value, options = {}) {
      const sealed = value === '' ? '' : sealValue(name, JSON.stringify(value));
      return setCookieHeader(name, sealed, { path, maxAge: opts.maxAge, ...options });
    },
  };
}

/* AES-256-GCM: 12 random bytes of IV, the ciphertext, the 16-byte tag, as one base64url string. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keys = env.SESSION_SECRET.map((secret) => Buffer.from(crypto.hkdfSync('sha256', secret, '', 'fieldhouse-cookie-v1', 32)));

function sealValue(name: string, plaintext: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys[0], iv);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url');
}

/** The plaintext, or null: not ours, tampered with, sealed for another cookie, or with a secret
 *  no longer configured. */
function openValue(name: string, sealed: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  const iv = bytes.subarray(0, IV_BYTES);
  const data = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  for (const key of keys) {
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      // the next (older) secret
    }
  }
  return null;
}

/** The first value of cookie `name` in a Cookie header (as the `cookie` package reads it). */
function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length > 1 ? value.slice(1, -1) : value;
  }
  return null;
}

/** The Set-Cookie header (the value is base64url or empty: nothing to escape). */
function setCookieHeader(name: string, value: string, options: CookieSerializeOptions & { path: string }): string {
  const parts = [`${name}=${value}`];
  if (options.maxAge !== undefined && options.maxAge !== null) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  parts.push(`Path=${options.path}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  parts.push('HttpOnly');
  if (env.COOKIE_SECURE) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}
