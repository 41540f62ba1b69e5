import { createCookie, type Cookie } from '@remix-run/node';
import { env } from '~/config/env.server';

/* The one cookie factory: every cookie this app sets is signed, HttpOnly and SameSite=Lax, and
   Secure when COOKIE_SECURE (on by default for an https:// PUBLIC_URL). A Secure cookie carries a
   prefix the browser enforces: `__Host-` (only this exact origin over HTTPS, Path=/, no Domain:
   a sibling subdomain or a plain-http network attacker cannot plant or overwrite it), or
   `__Secure-` for the few cookies scoped to one path. Over plain http (npm start on localhost)
   prefixes are refused by browsers, so the names keep their `__` form there. */

export function cookieName(base: string, path = '/'): string {
  if (!env.COOKIE_SECURE) return `__${base}`;
  return path === '/' ? `__Host-${base}` : `__Secure-${base}`;
}

export function appCookie(base: string, opts: { path?: string; maxAge?: number } = {}): Cookie {
  const path = opts.path ?? '/';
  return createCookie(cookieName(base, path), {
    httpOnly: true,
    sameSite: 'lax',
    path,
    secure: env.COOKIE_SECURE,
    secrets: env.SESSION_SECRET,
    maxAge: opts.maxAge,
  });
}
