import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/** While a page's thing is being made (an order being paid, a clip being made) and its loader says
 *  where to refresh to (`refresh`, app/http/polling.server.ts): with JavaScript, the page's data is
 *  loaded again every `seconds`; without, a refresh with no delay, which the loader answers within
 *  that time. */
export function PollingRefresh({ refresh, seconds }: { refresh: string | null; seconds: number }) {
  const revalidator = useRevalidator();
  const state = useRef(revalidator);
  state.current = revalidator;
  const active = refresh !== null;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state.current.state === 'idle') state.current.revalidate();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [active, seconds]);
  return refresh ? (
    <noscript>
      <meta httpEquiv="refresh" content={`0; url=${refresh}`} />
    </noscript>
  ) : null;
}
