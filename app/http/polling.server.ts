/* The poll of a page that shows something being made (an order being paid: /orders/{id}; a clip
   being made: /profile/clips): it asks again every `everySeconds` until the thing is done.
   - With JavaScript, the page loads its data again (PollingRefresh, app/components/).
   - Without, a `<meta http-equiv="refresh">` with no delay (a timed one would fail WCAG 2.2.1,
     axe meta-refresh, F41) to `?poll=N`, which the loader answers once the thing changed, or one
     interval passed: it waits on the channel here, asking every POLL_STEP_MS, and stops at once
     when the visitor leaves (the request's signal).
   After POLL_FOR_SECONDS of refreshes the page stops asking and offers a link to look again. */

const POLL_STEP_MS = 500;
const POLL_FOR_SECONDS = 5 * 60;

interface PollRule<T> {
  /** The page's own path, refreshed to with `?poll=N`. */
  path: string;
  /** How often the page asks again. */
  everySeconds: number;
  /** Still being made: the page keeps asking. */
  pending: (value: T) => boolean;
  /** What a change is (the loader answers at once): by default, no longer pending. */
  state?: (value: T) => string;
}

interface Polled<T> {
  value: T;
  pending: boolean;
  /** Where the page without JavaScript refreshes to, while it still asks; else null. */
  refresh: string | null;
}

/** The value `read` gives, waited on for up to one interval when a refresh without JavaScript
 *  (`?poll=N`) asks; and where the page refreshes to next. */
export async function pollWhilePending<T>(request: Request, rule: PollRule<T>, read: () => Promise<T>): Promise<Polled<T>> {
  const maxPolls = Math.floor(POLL_FOR_SECONDS / rule.everySeconds);
  const poll = pollNumber(new URL(request.url).searchParams.get('poll'), maxPolls);
  const stateOf = rule.state ?? ((value: T) => String(rule.pending(value)));
  let value = await read();
  if (poll > 0) {
    const first = stateOf(value);
    const until = Date.now() + rule.everySeconds * 1000;
    while (rule.pending(value) && Date.now() + POLL_STEP_MS <= until && !request.signal.aborted) {
      await pause(POLL_STEP_MS, request.signal);
      if (request.signal.aborted) break;
      value = await read();
      if (stateOf(value) !== first) break;
    }
  }
  const pending = rule.pending(value);
  return { value, pending, refresh: pending && poll < maxPolls ? `${rule.path}?poll=${poll + 1}` : null };
}

/** `?poll=N`: how many refreshes came before (0: the page itself), at most `max`. */
const pollNumber = (raw: string | null, max: number) => (raw && /^\d{1,4}$/.test(raw) ? Math.min(Number(raw), max) : 0);

/** A pause that ends early when the visitor leaves. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
