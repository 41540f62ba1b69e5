import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { serverSecrets } from './db/schema.ts';

/*
 * What the channel API signs, and with what: links it hands out (the sandbox's portal and add-a-card
 * pages), media grants (a fan's right to one asset's files), keyed hashes (a deleted account's
 * spent trial, failed sign-ins) and sealed texts (a calendar feed's token, shown again to its owner). Every one uses a key of the server's own, never the channel key,
 * which is public (GET /channels/{slug}.json returns it to anyone).
 *
 * One secret (CHANNEL_API_SECRET, comma-separated for rotation: the first signs, every one verifies;
 * unset, one made at the first start and kept in the database so all processes agree) gives one
 * key per purpose, so a token made for one purpose never passes for another. A CDN that checks
 * media grants is given the media key alone (MEDIA_GRANT_SECRET), not the secret.
 */

export type Purpose = 'sandbox-link' | 'media-grant' | 'account-memory' | 'sign-in-limits' | 'calendar-feed' | 'alert-unsubscribe' | 'download';

export interface Signing {
  /** A token carrying `claims`, signed with this purpose's current key: `<base64url JSON>.<base64url HMAC>`. */
  token(purpose: Purpose, claims: Record<string, unknown>): string;
  /** The claims of a token this purpose's keys (current or older) signed; null for anything else. */
  claims(purpose: Purpose, token: string): Record<string, unknown> | null;
  /** Keyed hashes of `value` (base64url), the current key's first: a value is looked up by all of them. */
  hashes(purpose: Purpose, value: string): string[];
  /** `text` encrypted and authenticated (AES-256-GCM) with this purpose's current key: `<iv>.<ciphertext and tag>`, base64url. */
  seal(purpose: Purpose, text: string): string;
  /** The text a key of this purpose (current or older) sealed; null for anything else. */
  unseal(purpose: Purpose, sealed: string): string | null;
}

const SEALED = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,8000})$/;
/** A sealing key of its own, so a purpose's hashes and its sealed texts never share a key. */
const sealKey = (key: Buffer) => createHmac('sha256', key).update('seal').digest();

const TOKEN = /^([A-Za-z0-9_-]{2,4000})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest('base64url');

/** Each purpose's keys, current first: derived from the secrets, or given outright (`keys`). */
export function signingFrom(secrets: readonly string[], keys: Partial<Record<Purpose, readonly string[]>> = {}): Signing {
  if (secrets.length === 0) throw new Error('signing: no secret');
  const derived = new Map<Purpose, Buffer[]>();
  const keysOf = (purpose: Purpose): Buffer[] => {
    let found = derived.get(purpose);
    if (!found) {
      const given = keys[purpose];
      found = given?.length
        ? given.map((k) => Buffer.from(k, 'utf8'))
        : secrets.map((secret) => createHmac('sha256', secret).update(`fieldhouse:${purpose}`).digest());
      derived.set(purpose, found);
    }
    return found;
  };
  return {
    token(purpose, claims) {
      const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
      return `${payload}.${mac(keysOf(purpose)[0], payload)}`;
    },
    claims(purpose, token) {
      const m = TOKEN.exec(token);
      if (!m) return null;
      const given = Buffer.from(m[2]);
      const signed = keysOf(purpose).some((key) => {
        const expected = Buffer.from(mac(key, m[1]));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!signed) return null;
      try {
        const claims: unknown = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
        // 'null', '1' or '[]' are JSON too; only an object carries claims.
        return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },
    hashes(purpose, value) {
      return keysOf(purpose).map((key) => mac(key, value));
    },
    seal(purpose, text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey(keysOf(purpose)[0]), iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    unseal(purpose, sealed) {
      const m = SEALED.exec(sealed);
      if (!m) return null;
      const iv = Buffer.from(m[1], 'base64url');
      const body = Buffer.from(m[2], 'base64url');
      if (body.length < 16) return null;
      for (const key of keysOf(purpose)) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', sealKey(key), iv);
          decipher.setAuthTag(body.subarray(body.length - 16));
          return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
        } catch {
          // Another key's, or tampered with: the next key, else null.
        }
      }
      return null;
    },
  };
}

const list = (value?: string) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The server's signing: the secrets CHANNEL_API_SECRET names (comma-separated), else the one kept
 *  in the database (made on first use; concurrent first starts keep whichever was written first);
 *  media grants with MEDIA_GRANT_SECRET's keys when it is set. */
export async function loadSigning(db: Db, env: { CHANNEL_API_SECRET?: string; MEDIA_GRANT_SECRET?: string }): Promise<Signing> {
  const secrets = list(env.CHANNEL_API_SECRET);
  const mediaKeys = list(env.MEDIA_GRANT_SECRET);
  const keys = mediaKeys.length > 0 ? { 'media-grant': mediaKeys } : {};
  if (secrets.length > 0) return signingFrom(secrets, keys);
  await db
    .insert(serverSecrets)
    .values({ name: 'signing', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, 'signing'));
  return signingFrom([row.value], keys);
}
