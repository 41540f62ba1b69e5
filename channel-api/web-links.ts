/*
 * The web app's pages that the channel API names: where a checkout returns, what a mail links to,
 * where "Manage billing" and "Add a card" come back to. Paths, so a fan who is sent back stays on
 * the origin they use (ADR 029); `webUrl` writes a whole address for what leaves the site (a mail,
 * Stripe), on PUBLIC_URL's origin. Only this module spells a page of the web app.
 */

export const webPaths = {
  /** An order's page: where a fan lands after paying, and what a receipt links to. */
  order: (orderId: number) => `/orders/${orderId}`,
  /** The order's page as a checkout's success address: the provider fills in its session's id. */
  orderAfterCheckout: (orderId: number) => `/orders/${orderId}?session_id={CHECKOUT_SESSION_ID}`,
  /** An event's page, where a fan who leaves its checkout comes back to. */
  event: (eventId: number) => `/watch/${eventId}`,
  packages: '/packages',
  selectPackage: (packageId: number) => `/select-package/${packageId}`,
  profile: '/profile',
  paymentMethods: '/profile/payment-methods',
  /** A gift's redeem page, mailed to its recipient (ADR 019). */
  gift: (token: string) => `/gift/${token}`,
  /** An alert mail's one-click unsubscribe address (RFC 8058) and its confirm page (issue 24). */
  alertUnsubscribe: (token: string) => `/alerts/unsubscribe/${token}`,
  /** The pages a one-time mailed link opens, by the mail that carries it. */
  verify: '/verify-email',
  reset: '/password-reset',
  delete: '/confirm-account-deletion',
} as const;

/** A page's whole address on PUBLIC_URL's origin. Joined as text, so a success address's
 *  `{CHECKOUT_SESSION_ID}` stays as Stripe wants it. */
export const webUrl = (publicUrl: string, path: string): string => `${new URL(publicUrl).origin}${path}`;
