import { remember, type NavMemory } from '~/domain/navigation';
import { appCookie } from '~/http/cookies.server';
import { safeRedirect } from '~/http/safe-redirect';

/* Last and previous page and the trk code (spec section 2), in a cookie of their own: the root
   loader writes it on every page, and a separate cookie never races the session's writes. */

const navCookie = appCookie('nav', { maxAge: 60 * 60 * 24 * 30 });

export async function readNav(request: Request): Promise<NavMemory> {
  const value = (await navCookie.parse(request.headers.get('Cookie'))) as NavMemory | null;
  return value && typeof value === 'object' ? value : {};
}

/** Records this page; returns the Set-Cookie value when the memory changed. */
export async function rememberPage(request: Request, now = Date.now()): Promise<string | null> {
  const before = await readNav(request);
  const after = remember(before, new URL(request.url), now);
  return JSON.stringify(after) === JSON.stringify(before) ? null : navCookie.serialize(after);
}

/** Where a fan returns after signing in: a safe `redirectTo`, else the last page, else home. */
export async function returnTo(request: Request, redirectTo?: FormDataEntryValue | string | null): Promise<string> {
  if (typeof redirectTo === 'string' && redirectTo) return safeRedirect(redirectTo, '/');
  return safeRedirect((await readNav(request)).last ?? '/', '/');
}
