import { isSold } from '../../contract/access.ts';
import type { PurchaseParams as Ids, Quote } from '../../contract/checkout.ts';
import { gameName } from '../../contract/game-name.ts';
import { GIFT_MSG } from '../../contract/gifts.ts';
import { ORDER_MSG, type ProductType } from '../../contract/orders.ts';
import { hasAccess, ownsSubscription, trialOpen, watchable } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { spreadDiscount } from './coupons.ts';
import { addOnWith, choiceIds, choiceKind, needsRegularPass } from './package-choices.ts';
import { couponFor, type AppliedCoupon } from './promotion.ts';
import { HttpError } from '../http/errors.ts';
import { namesOf, packageById, subscriptionById, type PackageOut } from '../repo/catalogue.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById } from '../repo/events.ts';
import { ownedChoices } from '../repo/orders.ts';
import type { NewOrder } from '../repo/purchases.ts';
import type { UserRow } from '../repo/users.ts';
import { webPaths } from '../web-links.ts';

/*
 * What a purchase is and costs, decided from ids only (the browser never sends an amount): a
 * single event with its single-event package, a subscription, or a package with its chosen
 * categories (a team pass: its chosen teams), one order per choice at the package's base price.
 * The service fee is charged once per purchase. Both the quote (/buy's summary) and buying use
 * this, so they always agree.
 */

/** What is being bought, by ids; `gift`: for someone else (ADR 019). */
export type PurchaseParams = Ids & { gift?: boolean };

export interface PurchasePlan {
  type: ProductType;
  /** 'event:45', 'package:3', 'subscription:2': a new attempt at the same product ends an older open one. */
  productKey: string;
  /** What the summary and the receipt call it. */
  productName: string;
  mode: 'payment' | 'subscription';
  /** A subscription's billing period ('month' | 'annual'). */
  period: string | null;
  /** A subscription's free trial this fan may still start (days); null otherwise. */
  trialDays: number | null;
  /** The free trial this purchase starts (start_trial): nothing is charged now, the subscription's
   *  price is charged at the trial's end. */
  trial: { days: number; recurringCents: number } | null;
  /** What each order is charged: its price less its share of a promotion code, plus the fee on the first. */
  orders: NewOrder[];
  /** The summary's lines: each product at its price, before a promotion code. */
  lines: { name: string; amountCents: number }[];
  subtotalCents: number;
  serviceFeeCents: number;
  /** What a promotion code took off the subtotal (never the fee). */
  discountCents: number;
  coupon: Omit<AppliedCoupon, 'discountCents'> | null;
  totalCents: number;
  currency: string;
  /** Where a fan who leaves the checkout comes back to (a page of the web app). */
  cancelPath: string;
  /** Bought as a gift for someone else (ADR 019): the buyer's orders give them no access. */
  gift: boolean;
}

const idNotSelected = (field: string) => new HttpError(400, 'not_selected', ORDER_MSG.idNotSelected, { [field]: [ORDER_MSG.idNotSelected] });
const alreadyBought = (type: ProductType) => new HttpError(409, 'already_bought', ORDER_MSG.alreadyBought(type));
const passNotFound = () => new HttpError(404, 'not_found', ORDER_MSG.passNotFound, { package_id: [ORDER_MSG.passNotFound] });

/** The plan of a purchase; with `promotion_code`, checked and applied (else a 400 'Wrong promo
 *  code' on `codeField`). */
export async function planPurchase(deps: Deps, caller: Caller, user: UserRow, params: PurchaseParams, codeField = 'promotion_code'): Promise<PurchasePlan> {
  const planned = await planProduct(deps, caller, user, params);
  if (params.promotion_code === undefined) return planned;
  const purchase = { channelId: caller.channel.id, userId: user.id, type: planned.type, subtotalCents: planned.subtotalCents, currency: planned.currency };
  return withCoupon(planned, await couponFor(deps.db, purchase, params.promotion_code, codeField));
}

/** The discount spread over the orders, so they still add up to what is charged. */
export function withCoupon(p: PurchasePlan, { discountCents, ...coupon }: AppliedCoupon): PurchasePlan {
  const shares = spreadDiscount(
    p.orders.map((o) => o.amountCents - o.serviceFeeCents),
    discountCents,
  );
  const orders = p.orders.map((o, i) => ({ ...o, amountCents: o.amountCents - shares[i] }));
  return { ...p, orders, discountCents, coupon, totalCents: p.totalCents - discountCents };
}

async function planProduct(deps: Deps, caller: Caller, user: UserRow, params: PurchaseParams): Promise<PurchasePlan> {
  // Only passes and packages are given: a subscription renews on the buyer's card, and a ticket
  // is for one game (ADR 019).
  if (params.gift && (params.subscription_id !== undefined || params.event_id !== undefined))
    throw new HttpError(400, 'not_giftable', GIFT_MSG.notGiftable, { gift_email: [GIFT_MSG.notGiftable] });
  if (params.subscription_id !== undefined) return planSubscription(deps, caller, params.subscription_id);
  if (params.event_id !== undefined) return planEvent(deps, caller, params.event_id, params.package_id);
  if (params.package_id !== undefined) return planPackage(deps, caller, user, params);
  throw idNotSelected('id');
}

const currencyOf = (caller: Caller) => caller.channel.settings.currency.toUpperCase();

type PlannedItem = Omit<NewOrder, 'amountCents' | 'serviceFeeCents'>;

function plan(
  base: Omit<PurchasePlan, 'subtotalCents' | 'serviceFeeCents' | 'totalCents' | 'orders' | 'lines' | 'discountCents' | 'coupon' | 'trial' | 'gift'>,
  items: PlannedItem[],
  priceCents: number,
  feeCents: number,
): PurchasePlan {
  return planPriced(
    base,
    items.map((item) => ({ item, priceCents })),
    feeCents,
  );
}

/** A plan whose items have prices of their own (a pass with its add-on). */
function planPriced(
  base: Omit<PurchasePlan, 'subtotalCents' | 'serviceFeeCents' | 'totalCents' | 'orders' | 'lines' | 'discountCents' | 'coupon' | 'trial' | 'gift'>,
  items: { item: PlannedItem; priceCents: number }[],
  feeCents: number,
): PurchasePlan {
  // The fee rides on the first order, so the orders of a purchase add up to what was charged.
  const orders = items.map(({ item, priceCents }, i) => ({
    ...item,
    amountCents: priceCents + (i === 0 ? feeCents : 0),
    serviceFeeCents: i === 0 ? feeCents : 0,
  }));
  const subtotalCents = items.reduce((sum, i) => sum + i.priceCents, 0);
  const lines = items.map(({ item, priceCents }) => ({ name: item.product.name, amountCents: priceCents }));
  return {
    ...base,
    gift: false,
    trial: null,
    orders,
    lines,
    subtotalCents,
    serviceFeeCents: feeCents,
    discountCents: 0,
    coupon: null,
    totalCents: subtotalCents + feeCents,
  };
}

async function planSubscription(deps: Deps, caller: Caller, id: number): Promise<PurchasePlan> {
  const sub = await subscriptionById(deps.db, caller.channel.id, id);
  if (!sub) throw new HttpError(404, 'not_found', ORDER_MSG.passNotFound, { subscription_id: [ORDER_MSG.passNotFound] });
  if (ownsSubscription(caller.viewer.entitlements, sub.id)) throw alreadyBought('subscription');
  return plan(
    {
      type: 'subscription',
      productKey: `subscription:${sub.id}`,
      productName: sub.name,
      mode: 'subscription',
      period: sub.period,
      trialDays: trialOpen(sub, caller.user) ? sub.trial_period : null,
      currency: currencyOf(caller),
      cancelPath: webPaths.packages,
    },
    [
      {
        type: 'subscription',
        product: { id: sub.id, name: sub.name, event_category_id: null, participant_id: null },
        productId: sub.id,
        eventId: null,
        eventCategoryId: null,
        participantId: null,
        label: 'New subscription',
      },
    ],
    sub.base_price,
    sub.service_fee,
  );
}

async function planEvent(deps: Deps, caller: Caller, eventId: number, packageId: number | undefined): Promise<PurchasePlan> {
  const found = await eventById(deps.db, caller.channel.id, eventId, nowSeconds());
  if (!found) throw new HttpError(404, 'not_found', 'Event not found', { event_id: ['Event not found'] });
  const event = found.out;
  // Free and register events are not sold: only paid and pay-per-view ones.
  if (!isSold(event.type)) throw new HttpError(400, 'not_for_sale', ORDER_MSG.freeEvent, { event_id: [ORDER_MSG.freeEvent] });
  // Spec section 5: a paid event needs a single-event package id.
  if (packageId === undefined) throw idNotSelected('package_id');
  const pkg = await packageById(deps.db, caller.channel.id, packageId);
  if (!pkg || pkg.type !== 'event') throw passNotFound();
  const target = watchable(event);
  // A single-event package sells the events of its categories (and of the categories below them).
  if (!pkg.event_categories.some((c) => target.categoryIds.includes(c)))
    throw new HttpError(400, 'not_covered', ORDER_MSG.notCovered, { package_id: [ORDER_MSG.notCovered] });
  if (hasAccess(target, caller.viewer)) throw alreadyBought('event');
  return plan(
    {
      type: 'event',
      productKey: `event:${event.id}`,
      productName: gameName(event),
      mode: 'payment',
      period: null,
      trialDays: null,
      currency: currencyOf(caller),
      cancelPath: webPaths.event(event.id),
    },
    [
      {
        type: 'event',
        product: { id: pkg.id, name: gameName(event), event_id: event.id, event_category_id: event.event_category_id, participant_id: null },
        productId: pkg.id,
        eventId: event.id,
        eventCategoryId: event.event_category_id,
        participantId: null,
        label: 'Purchase',
      },
    ],
    pkg.base_price,
    pkg.service_fee,
  );
}

async function planPackage(deps: Deps, caller: Caller, user: UserRow, params: PurchaseParams): Promise<PurchasePlan> {
  const pkg = await packageById(deps.db, caller.channel.id, params.package_id!);
  if (!pkg) throw passNotFound();
  // A single-event package is bought with its event.
  if (pkg.type === 'event') throw idNotSelected('event_id');
  const kind = choiceKind(pkg);
  const field = kind === 'participant' ? 'participant_ids' : 'event_category_ids';
  const chosen = [...new Set((kind === 'participant' ? params.participant_ids : params.event_category_ids) ?? [])];
  if (chosen.length === 0) throw idNotSelected(field);
  const offered = choiceIds(pkg);
  if (chosen.some((id) => !offered.includes(id))) throw new HttpError(400, 'not_a_choice', ORDER_MSG.notAChoice, { [field]: [ORDER_MSG.notAChoice] });
  if (params.gift) {
    // An add-on needs the recipient's own regular pass, which the buyer cannot know about.
    if (pkg.kind === 'additional') throw new HttpError(400, 'not_giftable', GIFT_MSG.addOn, { gift_email: [GIFT_MSG.addOn] });
  } else {
    if (await needsRegularPass(deps, user, pkg))
      throw new HttpError(409, 'needs_regular_pass', ORDER_MSG.needsRegularPass, { package_id: [ORDER_MSG.needsRegularPass] });
    const owned = await ownedChoices(deps.db, user.id, pkg.id);
    const ownedIds = kind === 'participant' ? owned.participants : owned.categories;
    if (chosen.some((id) => ownedIds.includes(id))) throw alreadyBought('package');
  }
  const names = await namesOf(deps.db, caller.channel.id, kind, chosen);
  chosen.sort((a, b) => offered.indexOf(a) - offered.indexOf(b));
  const addOn = params.add_on_id === undefined ? null : await addOnWith(deps, caller, params.gift ? null : user, pkg, params.add_on_id, chosen);
  const item = (p: PackageOut, choice: number): PlannedItem => {
    const name = `${p.name}: ${names.get(choice) ?? `#${choice}`}`;
    return {
      type: 'package' as const,
      product: { id: p.id, name, event_category_id: kind === 'category' ? choice : null, participant_id: kind === 'participant' ? choice : null },
      productId: p.id,
      eventId: null,
      eventCategoryId: kind === 'category' ? choice : null,
      participantId: kind === 'participant' ? choice : null,
      label: 'Purchase',
    };
  };
  const planned = planPriced(
    {
      type: 'package',
      productKey: `package:${pkg.id}`,
      productName: addOn ? `${pkg.name} with ${addOn.pkg.name}` : pkg.name,
      mode: 'payment',
      period: null,
      trialDays: null,
      currency: currencyOf(caller),
      cancelPath: webPaths.selectPackage(pkg.id),
    },
    [
      ...chosen.map((choice) => ({ item: item(pkg, choice), priceCents: pkg.base_price })),
      ...(addOn?.choices ?? []).map((choice) => ({ item: item(addOn!.pkg, choice), priceCents: addOn!.pkg.base_price })),
    ],
    // One purchase, one service fee: the pass's.
    pkg.service_fee,
  );
  if (!params.gift) return planned;
  // Its own product key: giving a pass never ends the buyer's own checkout of it.
  return { ...planned, gift: true, productKey: `gift:${planned.productKey}`, orders: planned.orders.map((o) => ({ ...o, isGift: true })) };
}

/** The plan as the /buy summary shows it. */
export function quoteOf(p: PurchasePlan, provider: Quote['provider']): Quote {
  return {
    type: p.type,
    product: p.productName,
    lines: p.lines.map((l) => ({ name: l.name, amount: l.amountCents })),
    subtotal: p.subtotalCents,
    service_fee: p.serviceFeeCents,
    total: p.totalCents,
    currency: p.currency,
    period: p.period,
    provider,
    discount: p.discountCents,
    coupon: p.coupon && { code: p.coupon.code, description: p.coupon.description },
    trial_days: p.trialDays,
  };
}
