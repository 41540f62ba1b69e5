import { z } from 'zod';
import { checkoutStarted, idempotencyKey, promotionCode } from './checkout.ts';
import { endpoint, envelope, id, money, stamp, trkCode } from './http.ts';
import { order } from './orders.ts';

/* A fan's subscriptions (issue 11): starting one with its free trial, what paying will cost, and
   cancelling the renewal. */

/** Spec: POST /stripe/subscription/start_trial — a subscription that starts with its free trial
 *  (only while trial_period_used is false): the card is set up now for the renewal. */
export const startTrial = endpoint({
  name: 'startTrial',
  method: 'POST',
  path: '/stripe/subscription/start_trial',
  auth: 'apiKey',
  params: z.object({ subscription_id: id, promotion_code: promotionCode.optional(), idempotency_key: idempotencyKey, trk: trkCode.optional() }).strict(),
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
