/* Where a purchase may send the fan's browser (rule: every redirect target stays on our origin, or
   is the payment provider's own page). The channel answers a purchase with a redirect_url; it is
   followed only when it is
   - one of our pages: the sandbox's test checkout, billing portal, "add a card" page or bank page
     of a saved card's payment, or an order page. The channel names them by their paths (ADR 029);
     an address on PUBLIC_URL's origin (an older checkout's) counts as its path. Either way it is
     given back as a path, so the fan stays on whatever origin they use;
   - Stripe's hosted checkout, its bank step or its billing portal, over https.
   Anything else is refused: a channel gone wrong must not send fans elsewhere. */

const STRIPE_HOSTS = new Set(['checkout.stripe.com', 'hooks.stripe.com', 'billing.stripe.com']);
const OUR_PATHS =
  /^\/(?:sandbox\/checkout\/cs_test_[A-Za-z0-9]{24,64}|sandbox\/(?:portal|add-card)\/[A-Za-z0-9_-]{10,2000}\.[A-Za-z0-9_-]{43}|sandbox\/payment\/pi_test_[A-Za-z0-9]{24,64}\/authenticate|orders\/\d{1,10})$/;
/** The query one of our pages may carry back: the order page's session_id or payment_intent. */
const OUR_QUERY = /^(?:\?(?:session_id=cs_test_|payment_intent=pi_test_)[A-Za-z0-9]{24,64})?$/;

export function paymentRedirect(redirectUrl: string, publicUrl: string): string | null {
  // A path is checked as it is written, character by character: only our pages' own characters,
  // so nothing a browser would read otherwise ('//host', '/\host', %-escapes, dot segments, tabs).
  if (redirectUrl.startsWith('/')) {
    const at = redirectUrl.indexOf('?');
    const [path, query] = at === -1 ? [redirectUrl, ''] : [redirectUrl.slice(0, at), redirectUrl.slice(at)];
    return OUR_PATHS.test(path) && OUR_QUERY.test(query) ? redirectUrl : null;
  }
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === new URL(publicUrl).origin) return OUR_PATHS.test(url.pathname) ? `${url.pathname}${url.search}` : null;
  if (url.protocol === 'https:' && STRIPE_HOSTS.has(url.hostname) && url.port === '') return url.href;
  return null;
}
