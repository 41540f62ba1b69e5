import { PrefetchPageLinks, useLocation, useNavigate } from '@remix-run/react';
import { createContext, useEffect, useMemo, useRef, useState, type MouseEvent, type MutableRefObject, type ReactNode } from 'react';

/* Links to a path of our own, repeated on every page (the cards of a list, the menus): what
   Remix's `<Link to={path} prefetch="intent">` and `<NavLink>` do, at a fraction of their render
   cost (ADR 022).

   `<Link>` and `<NavLink>` resolve their `to` against the route matches on every render
   (react-router's useHref, useResolvedPath and useLinkClickHandler each stringify the matches;
   NavLink also reads the location, the navigation and the view transition) and keep their own
   intent state. The fifty cards and fifteen menu links of the home page spent about a fifth of
   its server render there. Their paths are already absolute, so PathLink and NavPathLink render a
   plain `<a href>`, and this one provider around the app (root.tsx) does with JavaScript what
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

/** What a link does with JavaScript: navigate on the client, prefetch on intent (PathLink). */
export const PathNavigationContext = createContext<PathNavigation | null>(null);
/** The pathname of the page shown, for NavPathLink's aria-current. */
export const CurrentPathContext = createContext<string | null>(null);

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
