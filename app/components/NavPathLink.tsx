import { useContext, type ReactNode } from 'react';
import { PathLink } from './PathLink';
import { CurrentPathContext } from './PathLinks';

/** A menu link to a path of ours (ADR 022): aria-current="page" on the page it leads to (or, unless
 *  `end`, a page below it), compared by pathname without case, as NavLink does. */
export function NavPathLink({ to, end = false, children }: { to: `/${string}`; end?: boolean; children: ReactNode }) {
  const shown = useContext(CurrentPathContext)?.toLowerCase();
  const pathname = to.replace(/[?#].*$/, '').toLowerCase();
  const active =
    shown !== undefined && (shown === pathname || (!end && pathname !== '/' && shown.startsWith(pathname) && shown.charAt(pathname.length) === '/'));
  return (
    <PathLink to={to} current={active}>
      {children}
    </PathLink>
  );
}
