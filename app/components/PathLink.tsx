import { PrefetchPageLinks, useLocation, useNavigate } from '@remix-run/react';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type MouseEvent, type MutableRefObject, type ReactNode } from 'react';

/* Links to a path of our own, repeated on every page (the cards of a list, the menus): what
   Remix's `<Link to={path} prefetch="intent">` and `<NavLink>` do, at a fraction of their render
   cost.

   `<Link>` and `<NavLink>` resolve their `to` against the route matches on every render
   (react-router's useHref, useResolvedPath and useLinkClickHandler each stringify the matches;
   NavLink also reads the location, the navigation and the view transition) and keep their own
   intent state. The fifty cards and fifteen menu links of the home page spent about a fifth of
   its server render there (ADR 022). Their paths are already absolute, so they render a plain
   `<a href>`, and the one PathLinks provider around the app (root.tsx) does with JavaScript what
   `<Link>` does: a plain left click navigates on the client (a click with a modifier or another
   button, or one another handler prevented, is the browser's), and resting on a link (pointer or
   focus, 100 ms) prefetches its page's modules and data. Without the provider (or without
   JavaScript) the link is an ordinary link. */

/** How long a pointer or focus rests on a link before its page is prefetched (as Remix's Link). */
const INTENT_DELAY_MS = 100;

interface PathNavigation {
  click(event: MouseEvent<HTMLAnchorElement>, to: string): void;
  intend(to: string): void;
  cancel(): void;
}

const PathNavigationContext = createContext<PathNavigation | null>(null);
/** The pathname of the page shown, for NavPathLink's aria-current. */
const CurrentPathContext = createContext<string | null>(null);

type Path = `/${string}`;

/** A link to a path of ours (a card's link). */
export function PathLink({ to, className, children }: { to: Path; className?: string; children: ReactNode }) {
  return <PathAnchor to={to} className={className} current={false} children={children} />;
}

/** A menu link to a path of ours: aria-current="page" on the page it leads to (or, unless `end`,
 *  a page below it), compared by pathname without case, as NavLink does. */
export function NavPathLink({ to, end = false, children }: { to: Path; end?: boolean; children: ReactNode }) {
  const shown = useContext(CurrentPathContext)?.toLowerCase();
  const pathname = to.replace(/[?#].*$/, '').toLowerCase();
  const active =
    shown !== undefined && (shown === pathname || (!end && pathname !== '/' && shown.startsWith(pathname) && shown.charAt(pathname.length) === '/'));
  return <PathAnchor to={to} current={active} children={children} />;
}

function PathAnchor({ to, className, current, children }: { to: Path; className?: string; current: boolean; children: ReactNode }) {
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

/** Client navigation, intent prefetch and the current path for every PathLink inside it. */
export function PathLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const showPrefetch = useRef<(page: string | null) => void>(() => {});
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // navigate is stable in a data router: the links never re-render because of this value.
  const navigation = useMemo<PathNavigation>(
    () => ({
      click(event, to) {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        // A link to the page the visitor is on replaces it in the history, as <Link> does.
        navigate(to, { replace: `${window.location.pathname}${window.location.search}` === to });
      },
      intend(to) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => showPrefetch.current(to), INTENT_DELAY_MS);
      },
      cancel() {
        clearTimeout(timer.current);
        showPrefetch.current(null);
      },
    }),
    [navigate],
  );
  return (
    <PathNavigationContext.Provider value={navigation}>
      <CurrentPathContext.Provider value={pathname}>
        {children}
        <IntentPrefetch show={showPrefetch} />
      </CurrentPathContext.Provider>
    </PathNavigationContext.Provider>
  );
}

/** The prefetch links of the link a visitor rests on; its own state, so only it re-renders. */
function IntentPrefetch({ show }: { show: MutableRefObject<(page: string | null) => void> }) {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    show.current = setPage;
  }, [show]);
  return page ? <PrefetchPageLinks page={page} /> : null;
}
