import { z } from 'zod';
import { paymentMethodId } from './billing.ts';
import { pkg, subscription } from './entities.ts';
import { giftParams } from './gifts.ts';
import { apiGet, bool01, endpoint, envelope, id, line, money, trkCode } from './http.ts';
import { ORDER_MSG } from './orders.ts';

/* Buying (spec section 7): what a fan can buy with what they own of it, what a purchase costs with
   a promotion code, starting its checkout, and the words of the checkout's outcomes. */

/** A choice of a package (spec: disabledCategories / disabledParticipants): one category, or one
 *  team of a team pass, sold at the package's price; `owned` ones are disabled. */
export const packageChoice = z.object({ id: z.number().int(), name: z.string(), owned: z.boolean() });

/** Spec: GET packages/{id}, with what the caller already owns of it. */
export const packageDetail = endpoint({
  name: 'packageDetail',
  method: 'GET',
  path: '/packages/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(
    pkg.extend({
      /** Every choice is owned (a single-event package: never; it is bought per event). */
      purchased: z.boolean(),
      disabledCategories: z.array(z.number().int()),
      disabledParticipants: z.array(z.number().int()),
      /** Categories, or the participants of a team pass. */
      choices: z.array(packageChoice),
      /** An add-on whose regular pass the caller does not own yet. */
      needs_regular_pass: z.boolean(),
      /** A regular pass's add-ons, which may be bought with it (add_on_id): each costs its price
       *  for every chosen choice it covers. */
      add_ons: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string(), base_price: money, choices: z.array(z.number().int()) })),
    }),
  ),
});

/** Spec: GET subscriptions/{id}, with whether the caller has it and may still start a trial. */
export const subscriptionDetail = apiGet(
  'subscriptionDetail',
  '/subscriptions/:id',
  subscription.extend({ purchased: z.boolean(), trial_available: z.boolean() }),
  z.object({ id }).strict(),
);

/** Sent with every purchase and kept with it: the same key again is the same purchase (a double
 *  click, a resubmitted form), never a second one. */
export const idempotencyKey = z
  .string({ required_error: 'idempotency_key is required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotency_key must be 16 to 64 letters, digits, - or _');

const ids = (max: number) => z.array(id).max(max, `at most ${max} choices`);

/** A promotion code as a fan types it: letters, digits, - and _; matched case-insensitively. */
export const promotionCode = line(64).pipe(z.string().trim().min(1, ORDER_MSG.wrongPromoCode).max(40, ORDER_MSG.wrongPromoCode));

/** What is being bought, by ids: a single event (with its single-event package), a subscription,
 *  or a package with its chosen categories or teams. Which ids must be present is decided by the
 *  channel, which answers 'id not selected' when none names a product. */
export const purchaseParams = z
  .object({
    event_id: id.optional(),
    package_id: id.optional(),
    subscription_id: id.optional(),
    event_category_ids: ids(50).optional(),
    participant_ids: ids(200).optional(),
    /** An add-on of the package bought with it (issue 11): its orders for the chosen categories it covers. */
    add_on_id: id.optional(),
    /** A promotion code the fan typed (GET apply_coupon checked it): the total is recomputed with it. */
    promotion_code: promotionCode.optional(),
  })
  .strict();
export type PurchaseParams = z.infer<typeof purchaseParams>;

/** One line of a purchase's summary ('Boys basketball — Basketball season pass', $47.99). */
export const purchaseLine = z.object({ name: z.string(), amount: money });

export const quote = z.object({
  type: z.enum(['event', 'package', 'subscription']),
  /** What the summary calls it: the event's name, the package's or the subscription's. */
  product: z.string(),
  lines: z.array(purchaseLine),
  subtotal: money,
  service_fee: money,
  total: money,
  currency: z.string(),
  /** For a subscription: 'month' or 'annual'; null for one-time purchases. */
  period: z.string().nullable(),
  /** Who takes the payment: Stripe Checkout, or the sandbox's test checkout (test cards only). */
  provider: z.enum(['sandbox', 'stripe']),
  /** What the promotion code took off the subtotal (0 without one), and the code. */
  discount: money,
  coupon: z.object({ code: z.string(), description: z.string() }).nullable(),
  /** A subscription's free trial this fan may still start, in days; null: none on offer to them. */
  trial_days: z.number().int().nullable(),
});
export type Quote = z.infer<typeof quote>;

/** Spec: GET apply_coupon — the purchase's quote with the code applied, or 400 'Wrong promo code'
 *  (on the field `code`) for a code that does not exist, has expired or been used up, or does not
 *  apply to this purchase or this fan. */
export const applyCoupon = apiGet(
  'applyCoupon',
  '/apply_coupon',
  quote,
  purchaseParams.omit({ promotion_code: true }).extend({ code: promotionCode, gift: bool01.optional() }).strict(),
);

/** What a purchase will cost, with the same checks as buying it ('id not selected', 'Pass not
 *  found', 'You already bought this …'): the /buy summary. The channel's addition to spec section 7,
 *  so the web app never prices anything itself. */
export const purchaseQuote = endpoint({
  name: 'purchaseQuote',
  method: 'GET',
  path: '/stripe/quote',
  auth: 'apiKey',
  /** `gift=1`: the price of it as a gift (what the caller owns does not matter then). */
  params: purchaseParams.extend({ gift: bool01.optional() }).strict(),
  response: envelope(quote),
});

export const checkoutStarted = z.object({
  order_id: z.number().int(),
  /** Where the fan's browser goes next: the provider's checkout page (Stripe Checkout, or the
   *  sandbox's test page on our own site), or the order page when nothing is left to pay. */
  redirect_url: z.string(),
});

/** Spec: POST stripe/buy — a single event (event_id + its single-event package_id) or a subscription.
 *  With `payment_method_id` (one of the fan's saved cards, GET stripe/list-cards) a one-time
 *  purchase is charged on that card at once: redirect_url is then the order page, or the bank's
 *  page when the card needs authentication. */
export const buy = endpoint({
  name: 'buy',
  method: 'POST',
  path: '/stripe/buy',
  auth: 'apiKey',
  params: purchaseParams
    .omit({ event_category_ids: true, participant_ids: true })
    .extend({ idempotency_key: idempotencyKey, payment_method_id: paymentMethodId.optional(), ...giftParams, trk: trkCode.optional() })
    .strict(),
  response: envelope(checkoutStarted),
});

/** Spec: POST stripe/buy_bundle — a package with its chosen categories, or a team pass with its
 *  chosen teams: one order per choice, paid together. */
export const buyBundle = endpoint({
  name: 'buyBundle',
  method: 'POST',
  path: '/stripe/buy_bundle',
  auth: 'apiKey',
  params: z
    .object({
      package_id: id.optional(),
      event_category_ids: ids(50).optional(),
      participant_ids: ids(200).optional(),
      add_on_id: id.optional(),
      promotion_code: promotionCode.optional(),
      idempotency_key: idempotencyKey,
      ...giftParams,
      payment_method_id: paymentMethodId.optional(),
      /** The outer tracking code the fan came with: kept on the orders (ADR 049). */
      trk: trkCode.optional(),
    })
    .strict(),
  response: envelope(checkoutStarted),
});

/** The sandbox provider's outcome of a card, shared by its page and the tests. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000002500003155',
  /** Attaches to a customer, but every later charge fails (Stripe's 4000 0000 0000 0341): a
   *  renewal that cannot be paid. */
  chargeFails: '4000000000000341',
} as const;

/** The words Stripe's own pages use for these outcomes. */
export const DECLINE_MSG = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  expired: 'The checkout expired before it was paid.',
  cancelled: 'The payment was cancelled.',
} as const;
