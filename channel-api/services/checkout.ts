import { ORDER_MSG } from '../../contract/commerce.ts';
import type { Caller, Deps } from '../deps.ts';
import { recurringOf } from './billing.ts';
import { outcomeOf, settleAndNotify, type Settlement } from './fulfilment.ts';
import type { PurchasePlan } from './purchase.ts';
import { HttpError } from '../http/errors.ts';
import { firstOrderOf, insertPurchase, openPurchasesOf, purchaseByKey, setPurchaseSession, type NewGift, type PurchaseRow } from '../repo/commerce.ts';
import { updateUser, type UserRow } from '../repo/users.ts';

/*
 * Starting a purchase (POST stripe/buy, stripe/buy_bundle): the orders are written first (created,
 * inactive), then the provider's checkout is made outside any transaction (PGlite runs one at a
 * time; a network call must never hold it), and the fan is sent to it. The form's idempotency key
 * makes a double click or a resubmitted form the same purchase.
 */

export interface Started {
  order_id: number;
  redirect_url: string;
}

/** The web app's order page for an order: where a fan lands after paying. */
export const orderPageUrl = (deps: Pick<Deps, 'publicUrl'>, orderId: number) => new URL(`/orders/${orderId}`, deps.publicUrl).href;

export async function startCheckout(
  deps: Deps,
  caller: Caller,
  user: UserRow,
  plan: PurchasePlan,
  idempotencyKey: string,
  gift: NewGift | null = null,
): Promise<Started> {
  const again = await purchaseByKey(deps.db, user.id, idempotencyKey);
  if (again) return startedAgain(deps, again, plan);

  // A new attempt at the same product ends the older one still open (its order fails, its poller
  // stops), unless the fan paid it meanwhile (in another tab, its webhook not here yet).
  for (const open of await openPurchasesOf(deps.db, user.id, plan.productKey)) {
    if ((await endReplaced(deps, open)) === 'paid') throw new HttpError(409, ORDER_MSG.alreadyBought(plan.type));
  }

  const created = await insertPurchase(
    deps.db,
    {
      channelId: caller.channel.id,
      userId: user.id,
      productKey: plan.productKey,
      provider: deps.payments.name,
      idempotencyKey,
      amountCents: plan.totalCents,
      serviceFeeCents: plan.serviceFeeCents,
      currency: plan.currency,
      period: plan.period,
      couponId: plan.coupon?.id ?? null,
      discountCents: plan.discountCents,
      trialDays: plan.trial?.days ?? null,
    },
    plan.orders,
    plan.gift ? gift : null,
  );
  if (!created) {
    // The same form, submitted twice at once: the first one won.
    const first = await purchaseByKey(deps.db, user.id, idempotencyKey);
    if (first) return startedAgain(deps, first, plan);
    throw new HttpError(409, 'This purchase was just started. Please reload the page.');
  }
  const { purchase, orders } = created;
  const orderId = orders[0].id;
  if (plan.totalCents === 0 && plan.mode === 'payment') {
    // Nothing to pay (a 100 % promotion code, no service fee): no checkout, which Stripe would
    // refuse for 0 anyway. Paid at once through fulfilment (access, the code's use, the receipt).
    await settleAndNotify(deps, purchase.id, { status: 'paid' });
    return { order_id: orderId, redirect_url: orderPageUrl(deps, orderId) };
  }

  let session;
  try {
    session = await deps.payments.createCheckout({
      purchaseId: purchase.id,
      channelId: caller.channel.id,
      mode: plan.mode,
      customer: { userId: user.id, email: user.email, stripeCustomerId: user.stripeCustomerId },
      trialDays: plan.trial?.days ?? null,
      lines: [
        // With a promotion code each line is charged its discounted amount, and says so.
        ...plan.orders.map((o) => ({
          name: plan.coupon ? `${o.product.name} (promo code ${plan.coupon.code})` : o.product.name,
          // A trial's line is the price charged when it ends; nothing is paid now.
          amountCents: plan.trial ? plan.trial.recurringCents : o.amountCents - o.serviceFeeCents,
          ...(plan.mode === 'subscription' && plan.period ? { recurring: recurringOf(plan.period) } : {}),
        })),
        ...(plan.serviceFeeCents > 0 ? [{ name: 'Service fee', amountCents: plan.serviceFeeCents }] : []),
      ],
      currency: plan.currency,
      successUrl: `${orderPageUrl(deps, orderId)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: new URL(plan.cancelPath, deps.publicUrl).href,
      // Stripe's idempotency keys are per account, not per database: a key of our row id alone
      // collides with another database on the same account (a reset one, staging beside
      // production), which Stripe refuses for 24 hours or, with equal parameters, answers with
      // that database's old session. The form's random key makes it ours alone.
      idempotencyKey: `purchase-${purchase.id}-${idempotencyKey}`,
    });
  } catch (error) {
    deps.log(`channel-api: the ${deps.payments.name} provider could not start a checkout: ${(error as Error).message}`);
    await settleAndNotify(deps, purchase.id, { status: 'failed', reason: ORDER_MSG.providerUnavailable });
    throw new HttpError(502, ORDER_MSG.providerUnavailable);
  }
  if (session.customerId && session.customerId !== user.stripeCustomerId) await updateUser(deps.db, user.id, { stripeCustomerId: session.customerId });
  if (!(await setPurchaseSession(deps.db, purchase.id, session.sessionId, session.url))) {
    // Replaced while its checkout was being made: nobody may pay for it; its order page says so.
    await deps.payments.expireCheckout(session.sessionId).catch(() => undefined);
    return { order_id: orderId, redirect_url: orderPageUrl(deps, orderId) };
  }
  return { order_id: orderId, redirect_url: session.url };
}

/**
 * Ends an older open checkout of the same product. The provider decides what it was: expiring a
 * session the fan already paid fails (Stripe refuses to expire a complete session), and failing
 * its order anyway would keep the money and give nothing, as the paid webhook then finds the
 * purchase settled. So the session is read after the expiry: paid, its order is paid; otherwise
 * it is failed as replaced. When the provider cannot be asked, nothing is decided: 502, and the
 * older order stays open for its webhook or its order page.
 */
async function endReplaced(deps: Deps, open: PurchaseRow): Promise<'paid' | 'failed'> {
  let outcome: Settlement | null = null;
  if (open.sessionId) {
    try {
      await deps.payments.expireCheckout(open.sessionId);
      const state = await deps.payments.retrieveCheckout(open.sessionId);
      outcome = state && outcomeOf(state);
    } catch (error) {
      deps.log(`channel-api: the ${deps.payments.name} provider could not end checkout ${open.sessionId}: ${(error as Error).message}`);
      throw new HttpError(502, ORDER_MSG.providerUnavailable);
    }
  }
  if (outcome?.status === 'paid') {
    await settleAndNotify(deps, open.id, outcome);
    return 'paid';
  }
  await settleAndNotify(deps, open.id, { status: 'failed', reason: 'A newer checkout replaced this one.' });
  return 'failed';
}

/** The answer to a key used before: the same checkout while it is open, else the order page. */
async function startedAgain(deps: Deps, purchase: PurchaseRow, plan: PurchasePlan): Promise<Started> {
  if (purchase.productKey !== plan.productKey) throw new HttpError(409, 'This form was already used for another purchase. Please reload the page.');
  const first = await firstOrderOf(deps.db, purchase.id);
  if (!first) throw new HttpError(409, 'This purchase was just started. Please reload the page.');
  const open = purchase.status === 'open' && purchase.redirectUrl;
  return { order_id: first.id, redirect_url: open ? purchase.redirectUrl! : orderPageUrl(deps, first.id) };
}
