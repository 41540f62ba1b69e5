import { PrefetchPageLinks, useNavigate } from '@remix-run/react';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type MouseEvent, type MutableRefObject, type ReactNode } from 'react';

/* The links of the cards in a list (EventTile, VodTile): what Remix's
   `<Link to={path} prefetch="intent">` does for a path of our own, at a fraction of its render cost.

   `<Link>` resolves its `to` against the route matches on every render (react-router's useHref,
   useResolvedPath and useLinkClickHandler each stringify the matches) and keeps its own intent
   state; the fifty cards of the home page spent about an eighth of the page's server render there
   (ADR 022). A card's path is already absolute, so a card renders a plain `<a href>`, and the one
   CardLinks provider around the routes (root.tsx) does with JavaScript what `<Link>` does: a plain
   left click navigates on the client (a click with a modifier or another button, or one another
   handler prevented, is the browser's), and resting on a card (pointer or focus, 100 ms)
   prefetches its page's modules and data. Without the provider (or without JavaScript) the link
   is an ordinary link. */

/** How long a pointer or focus rests on a card before its page is prefetched (as Remix's Link). */
const INTENT_DELAY_MS = 100;

interface CardNavigation {
  click(event: MouseEvent<HTMLAnchorElement>, to: string): void;
  intend(to: string): void;
  cancel(): void;
}

const CardNavigationContext = createContext<CardNavigation | null>(null);

export function CardLink({ to, className, children }: { to: `/${string}`; className: string; children: ReactNode }) {
  const navigation = useContext(CardNavigationContext);
  if (!navigation) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    );
  }
  const intend = () => navigation.intend(to);
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => navigation.click(event, to)}
      onMouseEnter={intend}
      onFocus={intend}
      onTouchStart={intend}
      onMouseLeave={navigation.cancel}
      onBlur={navigation.cancel}
    >
      {children}
    </a>
  );
}

/** Client navigation and intent prefetch for every CardLink inside it. */
export function CardLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const showPrefetch = useRef<(page: string | null) => void>(() => {});
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // navigate is stable in a data router: the cards never re-render because of this value.
  const navigation = useMemo<CardNavigation>(
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
    <CardNavigationContext.Provider value={navigation}>
      {children}
      <IntentPrefetch show={showPrefetch} />
    </CardNavigationContext.Provider>
  );
}

/** The prefetch links of the card a visitor rests on; its own state, so only it re-renders. */
function IntentPrefetch({ show }: { show: MutableRefObject<(page: string | null) => void> }) {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    show.current = setPage;
  }, [show]);
  return page ? <PrefetchPageLinks page={page} /> : null;
}
