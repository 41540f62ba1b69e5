import { z } from 'zod';
import { MSG } from '#contract/auth';
import { emailField } from '#contract/auth';
import { paymentMethodId } from '#contract/billing';
import { idempotencyKey, promotionCode, type PurchaseParams } from '#contract/checkout';
import { GIFT_MSG, giftMessage } from '#contract/gifts';
import { INT4_MAX } from '#contract/http';
import { ORDER_MSG } from '#contract/orders';

/* The purchase forms (issue 10). The fan sends ids only: what they cost is the channel's answer.
   - /select-package/{id}: the categories (or the teams of a team pass) to buy, at least one;
   - /buy: what the summary showed, and the idempotency key of this very form (the same key
     again is the same purchase: a double click, a resubmitted form). One form, three buttons
     told apart by `intent`: Pay (`buy`, with the applied code in the hidden `promotion_code`),
     Apply (`apply-coupon`, the code typed in "Promo code") and Remove (`remove-coupon`). With saved
     cards, "Pay with" (`payment_method`: a card's id, or `new` for the checkout) must be chosen
     for Pay; the hidden `choose_card` says the page asked (ADR 018). */

export const BUY_INTENTS = ['buy', 'apply-coupon', 'remove-coupon'] as const;

const anId = z.coerce
  .number({ invalid_type_error: ORDER_MSG.idNotSelected })
  .int(ORDER_MSG.idNotSelected)
  .min(1, ORDER_MSG.idNotSelected)
  .max(INT4_MAX, ORDER_MSG.idNotSelected);

export const selectPackageSchema = z.object({
  choice: z.array(anId, { required_error: ORDER_MSG.idNotSelected }).min(1, ORDER_MSG.idNotSelected).max(200, ORDER_MSG.idNotSelected),
  /** An add-on of the pass, bought with it (a checkbox per add-on; at most one is offered per pass in practice). */
  add_on: z.array(anId).max(20).optional(),
});

/** "Pay with": one of the fan's saved cards, or a new card on the checkout page. */
export const NEW_CARD = 'new';
const payWith = z
  .string({ invalid_type_error: ORDER_MSG.selectCard })
  .refine((v) => v === NEW_CARD || paymentMethodId.safeParse(v).success, ORDER_MSG.selectCard);

const buyFields = z.object({
  event: anId.optional(),
  package: anId.optional(),
  subscription: anId.optional(),
  category: z.array(anId).max(50).optional(),
  team: z.array(anId).max(200).optional(),
  /** An add-on bought with the package (add_on_id). */
  addon: anId.optional(),
  /** A subscription started with its free trial (start_trial) rather than paid now. */
  trial: z.literal('1').optional(),
  /** Bought as a gift for someone else (ADR 019): Pay sends their address and a message. */
  gift: z.literal('1').optional(),
  idempotency_key: idempotencyKey,
  /** The code the channel accepted (Apply): checked again, and the total recomputed, when paying. */
  promotion_code: promotionCode.optional(),
  /** The page offered saved cards: Pay needs a choice. */
  choose_card: z.literal('1').optional(),
  payment_method: payWith.optional(),
});

/** Pay: with saved cards offered, one of them or a new card must be chosen. */
const cardChosen = (v: { choose_card?: '1'; payment_method?: string }, ctx: z.RefinementCtx) => {
  if (v.choose_card && !v.payment_method) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['payment_method'], message: ORDER_MSG.selectCard });
};

export const buySchema = buyFields.superRefine(cardChosen);
export type BuyValue = z.infer<typeof buySchema>;
/** What is being bought, by ids (the /buy query, the form's hidden fields). */
export type WantedPurchase = Omit<BuyValue, 'idempotency_key' | 'promotion_code' | 'choose_card' | 'payment_method'>;

/** The recipient of a gift, as the buyer types it ('Enter someone else's email' is the channel's). */
const recipientEmail = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), emailField.optional());

/** Pay: a gift needs the recipient's address; the message is optional. */
export const paySchema = buyFields.extend({ gift_email: recipientEmail, gift_message: giftMessage.optional() }).superRefine((v, ctx) => {
  cardChosen(v, ctx);
  if (v.gift && !v.gift_email) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['gift_email'], message: GIFT_MSG.recipientRequired });
});

/** "Promo code" as a fan types it: letters, digits, - and _ (anything else is no code of ours). */
const typedCode = z
  .string({ required_error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(40, ORDER_MSG.wrongPromoCode)
  .regex(/^[A-Za-z0-9_-]*$/, ORDER_MSG.wrongPromoCode);

/** Apply: the purchase and the code typed (GET apply_coupon answers the summary with it). */
export const applyCouponSchema = buyFields.omit({ promotion_code: true }).extend({ code: typedCode });

/** Remove: the purchase only (the summary goes back to the channel's quote without a code). */
export const removeCouponSchema = buyFields.omit({ promotion_code: true });

/** The /buy form as the browser checks it before sending: the code only for Apply (the submit
 *  button's `intent` is in the submission); the server parses each intent with its own schema. */
export const buyFormSchema = buyFields
  .extend({ intent: z.enum(BUY_INTENTS).optional(), code: z.string().optional(), gift_email: z.string().optional(), gift_message: z.string().optional() })
  .superRefine((v, ctx) => {
    if (v.intent === 'buy' || v.intent === undefined) cardChosen(v, ctx);
    if (v.intent === 'buy' && v.gift) {
      const paid = paySchema.safeParse(v);
      for (const issue of paid.success ? [] : paid.error.issues.filter((i) => i.path[0] === 'gift_email' || i.path[0] === 'gift_message')) ctx.addIssue(issue);
    }
    if (v.intent !== 'apply-coupon') return;
    const code = typedCode.safeParse(v.code);
    if (!code.success) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['code'], message: code.error.issues[0].message });
  });

/** What /buy is about, in the channel's words (contract purchaseParams). */
export function purchaseParams(v: WantedPurchase): PurchaseParams {
  return {
    event_id: v.event,
    package_id: v.package,
    subscription_id: v.subscription,
    event_category_ids: v.category?.length ? v.category : undefined,
    participant_ids: v.team?.length ? v.team : undefined,
    add_on_id: v.addon,
  };
}

const positive = (raw: string | null) => {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= INT4_MAX ? n : undefined;
};

/** /buy's query (?event=&package=, ?package=&category=…, ?package=&team=…, ?subscription=),
 *  read leniently: a value that is not an id is left out, and the channel says what is missing. */
export function purchaseFromQuery(params: URLSearchParams): WantedPurchase {
  const list = (name: string, max: number) => {
    const ids = [...new Set(params.getAll(name).map(positive))].filter((n): n is number => n !== undefined).slice(0, max);
    return ids.length ? ids : undefined;
  };
  return {
    event: positive(params.get('event')),
    package: positive(params.get('package')),
    subscription: positive(params.get('subscription')),
    category: list('category', 50),
    team: list('team', 200),
    addon: positive(params.get('addon')),
    trial: params.get('trial') === '1' ? '1' : undefined,
    gift: params.get('gift') === '1' ? '1' : undefined,
  };
}

/** The /buy address of a purchase (the way back after signing in, and from /select-package). */
export function buyHref(v: WantedPurchase): string {
  const q = new URLSearchParams();
  if (v.event) q.set('event', String(v.event));
  if (v.package) q.set('package', String(v.package));
  if (v.subscription) q.set('subscription', String(v.subscription));
  for (const c of v.category ?? []) q.append('category', String(c));
  for (const t of v.team ?? []) q.append('team', String(t));
  if (v.addon) q.set('addon', String(v.addon));
  if (v.trial) q.set('trial', '1');
  if (v.gift) q.set('gift', '1');
  return `/buy?${q}`;
}
