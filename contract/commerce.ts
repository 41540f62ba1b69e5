import { z } from 'zod';
import { emailField } from './auth.ts';
import { pkg, subscription } from './entities.ts';
import { endpoint, envelope, id, int, line, offset, pagedEnvelope } from './http.ts';

/* Selling access (spec sections 3, 4 and 7; ../shared/design/PAYMENTS.md): what a fan can buy,
   what it costs, the orders it makes and how they move. Amounts are always computed by the
   channel: the web app sends ids, never prices. */

/** The spec's own words (section 5 and 8), and the few the channel adds. */
export const ORDER_MSG = {
  idNotSelected: 'id not selected',
  passNotFound: 'Pass not found',
  alreadyBought: (type: ProductType) => `You already bought this ${type}.`,
  orderNotFound: 'Order not found',
  freeEvent: 'This event is free to watch.',
  notCovered: 'This pass does not cover this event.',
  notAChoice: 'This choice is not part of the package.',
  needsRegularPass: 'This add-on comes with its regular pass: buy it with the pass, or after it.',
  notAnAddOn: 'This add-on does not belong to the pass.',
  addOnCoversNone: 'The add-on covers none of your choices.',
  wrongPromoCode: 'Wrong promo code',
  trialUsed: 'You have already used your free trial.',
  noTrial: 'This subscription has no free trial.',
  notRenewing: 'This subscription does not renew.',
  providerUnavailable: 'The payment service is not available. Please try again in a few minutes.',
  /** Spec section 8: /buy's "Pay with" when neither a saved card nor a new one is chosen. */
  selectCard: 'Please select one of your saved cards or enter new one',
  cardNotFound: 'Card not found',
  subscriptionNeedsCheckout: 'A subscription is paid on the checkout page, which sets up its renewals: choose a new card.',
} as const;

export type ProductType = 'event' | 'package' | 'subscription';

const money = z.number().nonnegative();
const stamp = z.string();

export const orderStatus = z.enum(['created', 'paid', 'failed', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatus>;
export const activityStatus = z.enum(['active', 'inactive', 'expired', 'canceled']);
export type ActivityStatus = z.infer<typeof activityStatus>;

export const transactionStatus = z.enum(['created', 'failed', 'paid', 'refunded']);
export const transaction = z.object({
  id: z.number().int(),
  status: transactionStatus,
  /** 'Purchase', or for subscriptions 'New subscription' / 'Subscription Renewal' (spec section 4). */
  label: z.string(),
  amount: money,
  currency: z.string(),
  created_at: stamp,
});
export type Transaction = z.infer<typeof transaction>;

/** Spec section 3: Order id, status, activity_status, type, product (id, event_category_id, participant_id). */
export const order = z.object({
  id: z.number().int(),
  status: orderStatus,
  activity_status: activityStatus,
  type: z.enum(['event', 'package', 'subscription']),
  product: z.object({
    /** The pass, package or subscription sold (for a single event: its single-event package). */
    id: z.number().int(),
    name: z.string(),
    event_id: z.number().int().nullable(),
    event_category_id: z.number().int().nullable(),
    participant_id: z.number().int().nullable(),
  }),
  /** What this order was charged, service fee included (`service_fee`). */
  amount: money,
  service_fee: money,
  currency: z.string(),
  created_at: stamp,
  paid_at: stamp.nullable(),
  /** The end of access; null: until the pass's season or event is over. */
  access_until: stamp.nullable(),
  /** Why a failed order failed, in words a fan can read ('Your card was declined.'). */
  failure_reason: z.string().nullable(),
  /** Orders paid together (a package with several choices) share their purchase. */
  purchase_id: z.number().int().nullable(),
  /** A subscription renews at the end of each period until cancelled (spec: 'Auto-Renewal' /
   *  'Auto-Renewal Cancelled'); false for one-time purchases. */
  auto_renew: z.boolean(),
  /** A subscription started with a free trial: when it ends and the first charge is due. */
  trial_ends_at: stamp.nullable(),
  transactions: z.array(transaction),
  /** The buyer's record of a pass given as a gift (it gives the buyer no access): to whom, and
   *  when it was redeemed (null: not yet). Null for every other order. */
  gift: z.object({ recipient_email: z.string(), redeemed_at: stamp.nullable() }).nullable(),
});
export type Order = z.infer<typeof order>;

const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Spec: GET orders (no_limit=1 unless a limit is given). The user's own orders only. */
export const orders = endpoint({
  name: 'orders',
  method: 'GET',
  path: '/orders',
  auth: 'apiKey',
  params: z
    .object({
      no_limit: bool01.optional(),
      limit: int(1, 100).optional(),
      offset,
      activity_status: activityStatus.optional(),
    })
    .strict(),
  response: pagedEnvelope(order),
});

/** Spec: GET orders/{id}. Another fan's order is not found. An order still waiting for its payment
 *  is checked with the payment provider first (a late or lost webhook still fulfils it). */
export const orderDetail = endpoint({
  name: 'orderDetail',
  method: 'GET',
  path: '/orders/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(order),
});

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
export const subscriptionDetail = endpoint({
  name: 'subscriptionDetail',
  method: 'GET',
  path: '/subscriptions/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(subscription.extend({ purchased: z.boolean(), trial_available: z.boolean() })),
});

/** Sent with every purchase and kept with it: the same key again is the same purchase (a double
 *  click, a resubmitted form), never a second one. */
export const idempotencyKey = z
  .string({ required_error: 'idempotency_key is required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotency_key must be 16 to 64 letters, digits, - or _');

/** A saved card's id as the provider names it (Stripe: pm_…); one that is not the fan's is not found. */
export const paymentMethodId = z.string({ invalid_type_error: ORDER_MSG.cardNotFound }).regex(/^pm_[A-Za-z0-9_]{1,100}$/, ORDER_MSG.cardNotFound);

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
export const applyCoupon = endpoint({
  name: 'applyCoupon',
  method: 'GET',
  path: '/apply_coupon',
  auth: 'apiKey',
  params: purchaseParams.omit({ promotion_code: true }).extend({ code: promotionCode, gift: bool01.optional() }).strict(),
  response: envelope(quote),
});

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

/* ------------------------------------------------------------------ gifts (issue 11, ADR 019) */

/** The words of gifting a pass. */
export const GIFT_MSG = {
  notGiftable: 'Only passes and packages can be given as gifts.',
  addOn: "An add-on pass cannot be given as a gift: it needs the recipient's own regular pass.",
  ownEmail: "Enter someone else's email: a gift is for another fan.",
  recipientRequired: "Enter the recipient's email",
  messageTooLong: (max: number) => `The message must be at most ${max} characters.`,
  messagePlain: 'The message must be plain text.',
  notFound: 'This gift was not found.',
  redeemed: 'This gift has already been redeemed.',
  ownGift: 'You gave this gift: only the fan you gave it to can redeem it.',
  alreadyHave: 'You already have this pass.',
  notPaid: 'This gift is not paid yet: its link is mailed once it is.',
  justMailed: 'We mailed this gift less than a minute ago. You can send it again in a minute.',
} as const;

export const GIFT_MESSAGE_MAX = 300;

/** The buyer's short message: plain text, line breaks allowed, no other control characters. */
export const giftMessage = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v),
  z
    .string()
    .max(GIFT_MESSAGE_MAX, GIFT_MSG.messageTooLong(GIFT_MESSAGE_MAX))
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s), GIFT_MSG.messagePlain),
);

/** Buying as a gift: the recipient's address (they are mailed the redeem link) and a message. */
const giftParams = {
  gift_email: emailField.optional(),
  gift_message: giftMessage.optional(),
};

/** A gift's redeem token as it is mailed: 32 random bytes, base64url. */
export const giftToken = z.string({ required_error: GIFT_MSG.notFound }).regex(/^[A-Za-z0-9_-]{43}$/, GIFT_MSG.notFound);

export const gift = z.object({
  /** What is given, as the summary named it, and each choice of it. */
  product: z.string(),
  items: z.array(z.string()),
  /** Who gave it (their name, else their address), to which address, and their message. */
  from: z.string(),
  recipient_email: z.string(),
  message: z.string(),
  redeemed: z.boolean(),
  /** The caller is its buyer (who cannot redeem it). */
  given_by_you: z.boolean(),
});
export type Gift = z.infer<typeof gift>;

/** A gift, by the token of its mailed link: what it is, from whom, and whether it was redeemed.
 *  The link is the proof: any signed-in fan holding it may read it. */
export const giftDetail = endpoint({
  name: 'giftDetail',
  method: 'GET',
  path: '/gifts/:token',
  auth: 'apiKey',
  params: z.object({ token: giftToken }).strict(),
  response: envelope(gift),
});

/** Redeems a gift for the signed-in fan, once: their own paid, active order of the pass (the
 *  first, when a package gives several choices). */
export const redeemGift = endpoint({
  name: 'redeemGift',
  method: 'POST',
  path: '/gifts/redeem',
  auth: 'apiKey',
  params: z.object({ token: giftToken }).strict(),
  response: envelope(order),
});

/** Mails an unredeemed gift again, for its buyer (the order is the buyer's record of it): to the
 *  same address or a corrected one. A new link is made, and the one mailed before stops working. */
export const resendGift = endpoint({
  name: 'resendGift',
  method: 'POST',
  path: '/gifts/resend',
  auth: 'apiKey',
  params: z.object({ order_id: id, recipient_email: emailField }).strict(),
  response: envelope(order),
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
    .extend({ idempotency_key: idempotencyKey, payment_method_id: paymentMethodId.optional(), ...giftParams })
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
    })
    .strict(),
  response: envelope(checkoutStarted),
});

/* ------------------------------------------------------------------ subscriptions (issue 11) */

/** Spec: POST /stripe/subscription/start_trial — a subscription that starts with its free trial
 *  (only while trial_period_used is false): the card is set up now for the renewal. */
export const startTrial = endpoint({
  name: 'startTrial',
  method: 'POST',
  path: '/stripe/subscription/start_trial',
  auth: 'apiKey',
  params: z.object({ subscription_id: id, promotion_code: promotionCode.optional(), idempotency_key: idempotencyKey }).strict(),
  response: envelope(checkoutStarted),
});

/** Spec: POST /stripe/invoice-preview — before paying: what is due today, and the next charge and
 *  when, with a promotion code applied (a trial: nothing today, the first charge at its end). */
export const invoicePreview = endpoint({
  name: 'invoicePreview',
  method: 'POST',
  path: '/stripe/invoice-preview',
  auth: 'apiKey',
  params: z.object({ subscription_id: id, trial: z.boolean().optional(), promotion_code: promotionCode.optional() }).strict(),
  response: envelope(
    z.object({
      currency: z.string(),
      due_today: money,
      next_amount: money,
      /** ISO date-time of the next charge. */
      next_date: stamp,
      trial_ends_at: stamp.nullable(),
      discount: money,
      period: z.string(),
    }),
  ),
});

/** Spec: POST stripe/unsubscribe — cancel auto-renewal: access lasts to the end of the paid period. */
export const unsubscribe = endpoint({
  name: 'unsubscribe',
  method: 'POST',
  path: '/stripe/unsubscribe',
  auth: 'apiKey',
  params: z.object({ order_id: id }).strict(),
  response: envelope(order),
});

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
export const customerPortal = endpoint({
  name: 'customerPortal',
  method: 'GET',
  path: '/stripe/customer-portal',
  auth: 'apiKey',
  params: z.object({ return_url: returnUrl('portal').optional() }).strict(),
  response: envelope(z.object({ url: z.string() })),
});

/* ------------------------------------------------------------------ saved cards (issue 11) */

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
export const listCards = endpoint({
  name: 'listCards',
  method: 'GET',
  path: '/stripe/list-cards',
  auth: 'apiKey',
  params: z.object({}).strict(),
  response: envelope(z.array(savedCard)),
});

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
