import { MEDIA_GRANT_COOKIE, type MediaGrant } from '#contract';
import { env } from '~/config/env.server';
import { cookieName } from '~/http/cookies.server';

/* A media grant from the channel (ADR 026) becomes an HttpOnly cookie scoped to its asset's
   path under /media/, so the browser sends it with every file of that video (the <video> and
   <track> elements without JavaScript, hls.js with it) and with nothing else. The page never
   holds it: loaders take it out of the data they return. server/media-proxy.ts hands it on. */

/** What a grant's path and value may be; anything else from the channel is not set. */
const GRANT_PATH = /^\/media\/(?:vod|live)\/[a-z0-9][a-z0-9-]{0,63}\/$/;
const GRANT_VALUE = /^[A-Za-z0-9_-]{2,4000}\.[A-Za-z0-9_-]{43}$/;

/** The Set-Cookie of a grant, or null for none (free media) or one we will not set. */
export function mediaGrantCookie(grant: MediaGrant | null, now = Date.now()): string | null {
  if (!grant || !GRANT_PATH.test(grant.path) || !GRANT_VALUE.test(grant.value)) return null;
  const expires = new Date(grant.expires_at);
  const maxAge = Math.floor((expires.getTime() - now) / 1000);
  if (!(maxAge > 0)) return null;
  const attributes = [`Path=${grant.path}`, `Expires=${expires.toUTCString()}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
  if (env.COOKIE_SECURE) attributes.push('Secure');
  return [`${cookieName(MEDIA_GRANT_COOKIE, grant.path)}=${grant.value}`, ...attributes].join('; ');
}

/** Response headers that set a grant's cookie (none when there is no grant to set). */
export function mediaGrantHeaders(grant: MediaGrant | null): Record<string, string> {
  const cookie = mediaGrantCookie(grant);
  return cookie ? { 'Set-Cookie': cookie } : {};
}
