import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { signInHref } from '~/domain/navigation';

/** A Log in or Register link that brings the fan back to this page (domain/navigation signInHref).
 *  Worked out from the address alone, so the page stays the same for every visitor. */
export function SignInLink({ to, children }: { to: '/login' | '/registration'; children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <Link to={signInHref(to, new URL(`${pathname}${search}`, 'http://page.invalid'))}>{children}</Link>;
}
