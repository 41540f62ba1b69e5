import { useMatches, useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/loaders/root.server';

/* The hidden fields every form carries (checked by readForm in app/http/security.server.ts). Plain
   inputs fed from the root loader's data, rather than remix-utils' React providers: two fewer
   chunks on every page. */

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

/** The honeypot of public forms: hidden from people and assistive technology, filled by bots. */
export function HoneypotField() {
  const name = useRouteLoaderData<typeof rootLoader>('root')?.honeypotField ?? 'fh_website';
  return (
    <div hidden aria-hidden="true">
      <label htmlFor={name}>Please leave this field blank</label>
      <input id={name} name={name} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
    </div>
  );
}
