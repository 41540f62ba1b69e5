/* Where a purchase may send the fan's browser (rule: every redirect target stays on our origin, or
   is the payment provider's own page). The channel answers a purchase with a redirect_url; it is
   followed only when it is
   - on this site (PUBLIC_URL's origin): the sandbox's test checkout, billing portal, "add a card"
     page or bank page of a saved card's payment, or an order page, given back as a path so it stays on whatever origin the fan is on;
   - Stripe's hosted checkout, its bank step or its billing portal, over https.
   Anything else is refused: a channel gone wrong must not send fans elsewhere. */

const STRIPE_HOSTS = new Set(['checkout.stripe.com', 'hooks.stripe.com', 'billing.stripe.com']);
const OUR_PATHS =
  /^\/(?:sandbox\/checkout\/cs_test_[A-Za-z0-9]{24,64}|sandbox\/(?:portal|add-card)\/[A-Za-z0-9_-]{10,2000}\.[A-Za-z0-9_-]{43}|sandbox\/payment\/pi_test_[A-Za-z0-9]{24,64}\/authenticate|orders\/\d{1,10})$/;

export function paymentRedirect(redirectUrl: string, publicUrl: string): string | null {
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
