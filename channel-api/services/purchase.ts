import { isSold } from '../../contract/access.ts';
import { GIFT_MSG, ORDER_MSG, type ProductType, type PurchaseParams as Ids, type Quote } from '../../contract/commerce.ts';
import { hasAccess, ownsSubscription, trialOpen, watchable } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { fromCents, toCents } from '../money.ts';
import { spreadDiscount } from './coupons.ts';
import { couponFor, type AppliedCoupon } from './promotion.ts';
import { namesOf, packageById, packagesOf, subscriptionById, type PackageOut, type SubscriptionOut } from '../repo/catalog.ts';
import { ownedChoices, type NewOrder } from '../repo/commerce.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById } from '../repo/events.ts';
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

const idNotSelected = (field: string) => new HttpError(400, ORDER_MSG.idNotSelected, { [field]: [ORDER_MSG.idNotSelected] });
const alreadyBought = (type: ProductType) => new HttpError(409, ORDER_MSG.alreadyBought(type));
const passNotFound = () => new HttpError(404, ORDER_MSG.passNotFound, { package_id: [ORDER_MSG.passNotFound] });

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
    throw new HttpError(400, GIFT_MSG.notGiftable, { gift_email: [GIFT_MSG.notGiftable] });
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
  if (!sub) throw new HttpError(404, ORDER_MSG.passNotFound, { subscription_id: [ORDER_MSG.passNotFound] });
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
    toCents(sub.base_price),
    toCents(sub.service_fee),
  );
}

/**
 * A subscription that starts with its free trial (POST /stripe/subscription/start_trial): offered
 * only while the fan's trial_period_used is false. Nothing is charged now (the order's amount is
 * 0, its transaction 'Free trial'); the price is charged when the trial ends, with no service fee
 * (the fee comes with a payment at checkout only: ADR 016).
 */
export async function planTrial(
  deps: Deps,
  caller: Caller,
  user: UserRow,
  id: number,
  promotionCode?: string,
  codeField = 'promotion_code',
): Promise<PurchasePlan> {
  const sub = await subscriptionById(deps.db, caller.channel.id, id);
  if (!sub) throw new HttpError(404, ORDER_MSG.passNotFound, { subscription_id: [ORDER_MSG.passNotFound] });
  if (!sub.trial_period) throw new HttpError(400, ORDER_MSG.noTrial, { subscription_id: [ORDER_MSG.noTrial] });
  if (user.trialPeriodUsed) throw new HttpError(409, ORDER_MSG.trialUsed);
  // A promotion code lowers the price charged at the trial's end (and every period after it).
  const paying = await planPurchase(deps, caller, user, { subscription_id: id, promotion_code: promotionCode }, codeField);
  return {
    ...paying,
    trialDays: sub.trial_period,
    trial: { days: sub.trial_period, recurringCents: paying.subtotalCents - paying.discountCents },
    orders: paying.orders.map((o) => ({ ...o, amountCents: 0, serviceFeeCents: 0, label: 'Free trial' })),
    subtotalCents: 0,
    serviceFeeCents: 0,
    totalCents: 0,
  };
}

async function planEvent(deps: Deps, caller: Caller, eventId: number, packageId: number | undefined): Promise<PurchasePlan> {
  const found = await eventById(deps.db, caller.channel.id, eventId, nowSeconds());
  if (!found) throw new HttpError(404, 'Event not found', { event_id: ['Event not found'] });
  const event = found.out;
  // Free and register events are not sold: only paid and pay-per-view ones.
  if (!isSold(event.type)) throw new HttpError(400, ORDER_MSG.freeEvent, { event_id: [ORDER_MSG.freeEvent] });
  // Spec section 5: a paid event needs a single-event package id.
  if (packageId === undefined) throw idNotSelected('package_id');
  const pkg = await packageById(deps.db, caller.channel.id, packageId);
  if (!pkg || pkg.type !== 'event') throw passNotFound();
  const target = watchable(event);
  // A single-event package sells the events of its categories (and of the categories below them).
  if (!pkg.event_categories.some((c) => target.categoryIds.includes(c))) throw new HttpError(400, ORDER_MSG.notCovered, { package_id: [ORDER_MSG.notCovered] });
  if (hasAccess(target, caller.viewer)) throw alreadyBought('event');
  return plan(
    {
      type: 'event',
      productKey: `event:${event.id}`,
      productName: event.name,
      mode: 'payment',
      period: null,
      trialDays: null,
      currency: currencyOf(caller),
      cancelPath: webPaths.event(event.id),
    },
    [
      {
        type: 'event',
        product: { id: pkg.id, name: event.name, event_id: event.id, event_category_id: event.event_category_id, participant_id: null },
        productId: pkg.id,
        eventId: event.id,
        eventCategoryId: event.event_category_id,
        participantId: null,
        label: 'Purchase',
      },
    ],
    toCents(pkg.base_price),
    toCents(pkg.service_fee),
  );
}

/** A package's choices: its categories, or a team pass's teams. */
export const choiceKind = (pkg: Pick<PackageOut, 'is_team_pass'>) => (pkg.is_team_pass ? 'participant' : 'category');
export const choiceIds = (pkg: Pick<PackageOut, 'is_team_pass' | 'participants' | 'event_categories'>) =>
  pkg.is_team_pass ? pkg.participants : pkg.event_categories;

/** An add-on counts as owned-with-its-pass when the fan owns any choice of the regular pass. */
export async function needsRegularPass(deps: Deps, user: UserRow | null, pkg: PackageOut): Promise<boolean> {
  if (pkg.kind !== 'additional' || pkg.parent_pass_id === null) return false;
  if (!user) return true;
  const owned = await ownedChoices(deps.db, user.id, pkg.parent_pass_id);
  return owned.categories.length + owned.participants.length === 0;
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
  if (chosen.some((id) => !offered.includes(id))) throw new HttpError(400, ORDER_MSG.notAChoice, { [field]: [ORDER_MSG.notAChoice] });
  if (params.gift) {
    // An add-on needs the recipient's own regular pass, which the buyer cannot know about.
    if (pkg.kind === 'additional') throw new HttpError(400, GIFT_MSG.addOn, { gift_email: [GIFT_MSG.addOn] });
  } else {
    if (await needsRegularPass(deps, user, pkg)) throw new HttpError(409, ORDER_MSG.needsRegularPass, { package_id: [ORDER_MSG.needsRegularPass] });
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
      ...chosen.map((choice) => ({ item: item(pkg, choice), priceCents: toCents(pkg.base_price) })),
      ...(addOn?.choices ?? []).map((choice) => ({ item: item(addOn!.pkg, choice), priceCents: toCents(addOn!.pkg.base_price) })),
    ],
    // One purchase, one service fee: the pass's.
    toCents(pkg.service_fee),
  );
  if (!params.gift) return planned;
  // Its own product key: giving a pass never ends the buyer's own checkout of it.
  return { ...planned, gift: true, productKey: `gift:${planned.productKey}`, orders: planned.orders.map((o) => ({ ...o, isGift: true })) };
}

/** An add-on bought with its regular pass (add_on_id): it must be that pass's add-on, and covers the
 *  chosen choices it offers that the fan does not own yet (a gift's buyer: every chosen one). */
async function addOnWith(deps: Deps, caller: Caller, user: UserRow | null, pass: PackageOut, addOnId: number, chosen: number[]) {
  const addOn = await packageById(deps.db, caller.channel.id, addOnId);
  if (!addOn || addOn.kind !== 'additional' || addOn.parent_pass_id !== pass.id)
    throw new HttpError(400, ORDER_MSG.notAnAddOn, { add_on_id: [ORDER_MSG.notAnAddOn] });
  const owned = user ? await ownedChoices(deps.db, user.id, addOn.id) : { categories: [], participants: [] };
  const ownedIds = choiceKind(addOn) === 'participant' ? owned.participants : owned.categories;
  const choices = chosen.filter((c) => choiceIds(addOn).includes(c) && !ownedIds.includes(c));
  if (choices.length === 0) throw new HttpError(400, ORDER_MSG.notAChoice, { add_on_id: [ORDER_MSG.notAChoice] });
  return { pkg: addOn, choices };
}

/** The plan as the /buy summary shows it. */
export function quoteOf(p: PurchasePlan, provider: Quote['provider']): Quote {
  return {
    type: p.type,
    product: p.productName,
    lines: p.lines.map((l) => ({ name: l.name, amount: fromCents(l.amountCents) })),
    subtotal: fromCents(p.subtotalCents),
    service_fee: fromCents(p.serviceFeeCents),
    total: fromCents(p.totalCents),
    currency: p.currency,
    period: p.period,
    provider,
    discount: fromCents(p.discountCents),
    coupon: p.coupon && { code: p.coupon.code, description: p.coupon.description },
    trial_days: p.trialDays,
  };
}

/** What the /packages/{id} and /subscriptions/{id} pages need beyond the catalogue. */
export async function packageView(deps: Deps, caller: Caller, pkg: PackageOut) {
  const kind = choiceKind(pkg);
  const ids = choiceIds(pkg);
  const owned = caller.user ? await ownedChoices(deps.db, caller.user.id, pkg.id) : { categories: [], participants: [] };
  const ownedIds = kind === 'participant' ? owned.participants : owned.categories;
  const names = await namesOf(deps.db, caller.channel.id, kind, ids);
  const choices = ids.map((id) => ({ id, name: names.get(id) ?? `#${id}`, owned: ownedIds.includes(id) }));
  return {
    ...pkg,
    purchased: pkg.type === 'package' && choices.length > 0 && choices.every((c) => c.owned),
    disabledCategories: owned.categories.filter((id) => kind === 'category' && ids.includes(id)),
    disabledParticipants: owned.participants.filter((id) => kind === 'participant' && ids.includes(id)),
    choices,
    needs_regular_pass: await needsRegularPass(deps, caller.user, pkg),
    add_ons: await addOnsOf(deps, caller, pkg),
  };
}

/** A regular pass's add-ons, each with the choices of the pass it covers. */
async function addOnsOf(deps: Deps, caller: Caller, pkg: PackageOut) {
  if (pkg.kind !== 'regular' || pkg.type !== 'package') return [];
  const all = await packagesOf(deps.db, caller.channel.id);
  const offered = choiceIds(pkg);
  return all
    .filter((p) => p.kind === 'additional' && p.parent_pass_id === pkg.id)
    .map((p) => ({ id: p.id, name: p.name, description: p.description, base_price: p.base_price, choices: choiceIds(p).filter((c) => offered.includes(c)) }))
    .filter((p) => p.choices.length > 0);
}

export function subscriptionView(caller: Pick<Caller, 'user' | 'viewer'>, sub: SubscriptionOut) {
  return {
    ...sub,
    purchased: ownsSubscription(caller.viewer.entitlements, sub.id),
    trial_available: trialOpen(sub, caller.user),
  };
}
