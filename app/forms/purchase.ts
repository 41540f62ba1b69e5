import { z } from 'zod';
import { idempotencyKey, ORDER_MSG, type PurchaseParams } from '#contract/commerce';
import { INT4_MAX } from '#contract/http';

/* The purchase forms (issue 10). The fan sends ids only: what they cost is the channel's answer.
   - /select-package/{id}: the categories (or the teams of a team pass) to buy, at least one;
   - /buy: what the summary showed, and the idempotency key of this very form (the same key
     again is the same purchase: a double click, a resubmitted form). */

const anId = z.coerce
  .number({ invalid_type_error: ORDER_MSG.idNotSelected })
  .int(ORDER_MSG.idNotSelected)
  .min(1, ORDER_MSG.idNotSelected)
  .max(INT4_MAX, ORDER_MSG.idNotSelected);

export const selectPackageSchema = z.object({
  choice: z.array(anId, { required_error: ORDER_MSG.idNotSelected }).min(1, ORDER_MSG.idNotSelected).max(200, ORDER_MSG.idNotSelected),
});

export const buySchema = z.object({
  event: anId.optional(),
  package: anId.optional(),
  subscription: anId.optional(),
  category: z.array(anId).max(50).optional(),
  team: z.array(anId).max(200).optional(),
  /** A subscription started with its free trial (start_trial) rather than paid now. */
  trial: z.literal('1').optional(),
  idempotency_key: idempotencyKey,
});
export type BuyValue = z.infer<typeof buySchema>;

/** What /buy is about, in the channel's words (contract purchaseParams). */
export function purchaseParams(v: Omit<BuyValue, 'idempotency_key' | 'trial'>): PurchaseParams {
  return {
    event_id: v.event,
    package_id: v.package,
    subscription_id: v.subscription,
    event_category_ids: v.category?.length ? v.category : undefined,
    participant_ids: v.team?.length ? v.team : undefined,
  };
}

const positive = (raw: string | null) => {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= INT4_MAX ? n : undefined;
};

/** /buy's query (?event=&package=, ?package=&category=…, ?package=&team=…, ?subscription=),
 *  read leniently: a value that is not an id is left out, and the channel says what is missing. */
export function purchaseFromQuery(params: URLSearchParams): Omit<BuyValue, 'idempotency_key'> {
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
    trial: params.get('trial') === '1' ? '1' : undefined,
  };
}

/** The /buy address of a purchase (the way back after signing in, and from /select-package). */
export function buyHref(v: Omit<BuyValue, 'idempotency_key'>): string {
  const q = new URLSearchParams();
  if (v.event) q.set('event', String(v.event));
  if (v.package) q.set('package', String(v.package));
  if (v.subscription) q.set('subscription', String(v.subscription));
  for (const c of v.category ?? []) q.append('category', String(c));
  for (const t of v.team ?? []) q.append('team', String(t));
  if (v.trial) q.set('trial', '1');
  return `/buy?${q}`;
}
