import { useMatches } from '@remix-run/react';

/* The hidden fields every form carries (checked by readForm in app/http/security.server.ts; the
   honeypot: HoneypotField.tsx). Plain inputs fed from the loaders' data, rather than
   remix-utils' React providers: two fewer chunks on every page. */

/** The CSRF token of this browser (field `csrf`): from the page's own loader when it holds a
 *  form (`csrfToken: await session.csrfToken()`), else from the root loader (a signed-in fan's
 *  header has Log out). */
export function CsrfField() {
  let token = '';
  for (const match of useMatches()) {
    const own = (match.data as { csrfToken?: unknown } | undefined)?.csrfToken;
    if (typeof own === 'string' && own) token = own;
  }
  return <input type="hidden" name="csrf" value={token} />;
}
