import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/** With JavaScript: loads the page's data again every `seconds` while `active` (an order being
 *  confirmed, a clip being made). Without it, the page's own `<meta http-equiv=refresh>` does. */
export function usePolling(active: boolean, seconds: number) {
  const revalidator = useRevalidator();
  const state = useRef(revalidator);
  state.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state.current.state === 'idle') state.current.revalidate();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [active, seconds]);
}
