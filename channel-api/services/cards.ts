import { randomUUID } from 'node:crypto';
import type { SavedCard } from '../../contract/billing.ts';
import { ORDER_MSG } from '../../contract/orders.ts';
import type { Caller, Deps } from '../deps.ts';
import { HttpError, providerUnavailable } from '../http/errors.ts';
import type { CardOnFile, Fan } from '../payments/provider.ts';
import { updateUser, type UserRow } from '../repo/users.ts';
import { webPaths } from '../web-links.ts';

/* A fan's saved cards (ADR 018): listing them (GET stripe/list-cards), adding one without paying
   (POST /stripe/setup-intent: the provider's page, back to the profile), removing one. Paying with
   one is buying (services/checkout.ts). The provider keeps the cards; the channel keeps none. */

const fanOf = (caller: Caller, user: UserRow): Fan => ({
  userId: user.id,
  channelId: caller.channel.id,
  email: user.email,
  stripeCustomerId: user.stripeCustomerId,
});

const out = (c: CardOnFile): SavedCard => ({ id: c.id, brand: c.brand, last4: c.last4, exp_month: c.expMonth, exp_year: c.expYear, default: c.default });

/** A provider that cannot be asked is a 502 in the channel's words, never a 500. */
async function ask<T>(deps: Deps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    deps.log(`channel-api: the ${deps.payments.name} provider could not ${what}: ${(error as Error).message}`);
    throw providerUnavailable();
  }
}

export async function listCards(deps: Deps, caller: Caller, user: UserRow): Promise<SavedCard[]> {
  return (await ask(deps, 'list cards', () => deps.payments.listCards(fanOf(caller, user)))).map(out);
}

/** Where the fan enters a card to save; they come back to their profile's payment methods (a path:
 *  on the origin they use; the contract allows no other). */
export async function setupIntent(deps: Deps, caller: Caller, user: UserRow, returnUrl: string = webPaths.paymentMethods): Promise<{ redirect_url: string }> {
  const made = await ask(deps, 'start adding a card', () =>
    deps.payments.addCardUrl(fanOf(caller, user), {
      returnUrl,
      currency: caller.channel.settings.currency.toUpperCase(),
      // Random: Stripe's keys are per account, and another database on it has a user of this id too.
      idempotencyKey: `setup-${randomUUID()}`,
    }),
  );
  if (made.customerId && made.customerId !== user.stripeCustomerId) await updateUser(deps.db, user.id, { stripeCustomerId: made.customerId });
  return { redirect_url: made.url };
}

/** Removes one of the fan's cards and answers the cards left; another fan's is not found. */
export async function deleteCard(deps: Deps, caller: Caller, user: UserRow, paymentMethodId: string): Promise<SavedCard[]> {
  const fan = fanOf(caller, user);
  const removed = await ask(deps, 'remove a card', () => deps.payments.removeCard(fan, paymentMethodId));
  if (!removed) throw new HttpError(404, 'card_not_found', ORDER_MSG.cardNotFound, { payment_method_id: [ORDER_MSG.cardNotFound] });
  return listCards(deps, caller, user);
}
