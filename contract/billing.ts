import { z } from 'zod';
import { apiGet, endpoint, envelope } from './http.ts';
import { ORDER_MSG } from './orders.ts';

/* The fan's billing (issue 11): "Manage billing" (the provider's portal), saved cards (ADR 018),
   and the pages of the site these send the fan back to. */

/** A saved card's id as the provider names it (Stripe: pm_…); one that is not the fan's is not found. */
export const paymentMethodId = z.string({ invalid_type_error: ORDER_MSG.cardNotFound }).regex(/^pm_[A-Za-z0-9_]{1,100}$/, ORDER_MSG.cardNotFound);

/* Where the billing portal and "Add a card" send the fan back to (ADR 029): a page of the web app
   named by its path, never an address, so the fan comes back to the origin they use; and only the
   pages that ask for them, so no link of ours leads anywhere else. */
export const RETURN_PATHS = {
  /** Manage billing is on the profile and on a subscription's order page. */
  portal: /^\/(?:profile|orders\/[1-9]\d{0,9})$/,
  'add-card': /^\/profile\/payment-methods$/,
} as const;
export const RETURN_MSG = 'must be a page of this site that asked for the link (a path such as /profile)';
const returnUrl = (to: keyof typeof RETURN_PATHS) => z.string().max(100, RETURN_MSG).regex(RETURN_PATHS[to], RETURN_MSG);

/** Spec: GET /stripe/customer-portal — where "Manage billing" goes: Stripe's portal, or the
 *  sandbox's own page that does the same things; back to `return_url` (default /profile). */
export const customerPortal = apiGet(
  'customerPortal',
  '/stripe/customer-portal',
  z.object({ url: z.string() }),
  z.object({ return_url: returnUrl('portal').optional() }).strict(),
);

/** A card saved for the fan (Stripe: a PaymentMethod of type card attached to their customer). */
export const savedCard = z.object({
  id: z.string(),
  /** 'visa', 'mastercard', … as Stripe names brands. */
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  /** The card renewals are charged to (the customer's default), or the newest saved. */
  default: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCard>;

/** Spec: GET stripe/list-cards — the fan's saved cards, newest first. */
export const listCards = apiGet('listCards', '/stripe/list-cards', z.array(savedCard));

/** Spec: POST /stripe/setup-intent — adding a card without paying: where the fan's browser goes to
 *  enter it (Stripe Checkout in setup mode, or the sandbox's own page), coming back to `return_url`
 *  (default /profile/payment-methods). A redirect rather than Stripe.js's client_secret, so it works
 *  without JavaScript (ADR 018). */
export const setupIntent = endpoint({
  name: 'setupIntent',
  method: 'POST',
  path: '/stripe/setup-intent',
  auth: 'apiKey',
  params: z.object({ return_url: returnUrl('add-card').optional() }).strict(),
  response: envelope(z.object({ redirect_url: z.string() })),
});

/** Removes one of the fan's saved cards (Stripe: detaches the PaymentMethod); another fan's card,
 *  or one already removed, is not found. The channel's addition to spec section 7. */
export const deleteCard = endpoint({
  name: 'deleteCard',
  method: 'POST',
  path: '/stripe/delete-card',
  auth: 'apiKey',
  params: z.object({ payment_method_id: paymentMethodId }).strict(),
  response: envelope(z.array(savedCard)),
});
