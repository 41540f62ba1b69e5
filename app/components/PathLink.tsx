import { useContext, type ReactNode } from 'react';
import { PathNavigationContext } from './PathLinks';

/** A link to a path of ours (a card's link, a slide's; a menu's: NavPathLink): a plain `<a href>`
 *  that the PathLinks provider (root.tsx) gives client navigation and intent prefetch, at a
 *  fraction of `<Link>`'s render cost (PathLinks.tsx, ADR 022). `current` marks the page shown. */
export function PathLink({ to, className, current = false, children }: { to: `/${string}`; className?: string; current?: boolean; children: ReactNode }) {
  const navigation = useContext(PathNavigationContext);
  const intend = navigation ? () => navigation.intend(to) : undefined;
  // data-discover: Remix's lazy route discovery finds the routes of the links a page shows by it,
  // as it does for <Link>: the prefetch and the click then know the route they lead to.
  return (
    <a
      href={to}
      className={className}
      aria-current={current ? 'page' : undefined}
      data-discover="true"
      onClick={navigation ? (event) => navigation.click(event, to) : undefined}
      onMouseEnter={intend}
      onFocus={intend}
      onTouchStart={intend}
      onMouseLeave={navigation?.cancel}
      onBlur={navigation?.cancel}
    >
      {children}
    </a>
  );
}
