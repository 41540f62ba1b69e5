import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { signInHref } from '~/domain/navigation';

/** A Log in or Register link that brings the fan back to this page (domain/navigation signInHref).
 *  Worked out from the address alone, so the page stays the same for every visitor. */
export function SignInLink({ to, children, className, target }: { to: '/login' | '/registration'; children: ReactNode; className?: string; target?: '_top' }) {
  const { pathname, search } = useLocation();
  return (
    <Link className={className} target={target} to={signInHref(to, new URL(`${pathname}${search}`, 'http://page.invalid'))}>
      {children}
    </Link>
  );
}
