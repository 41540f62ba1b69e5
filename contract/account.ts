import { z } from 'zod';
import { endpoint, envelope, int, offset, pagedEnvelope } from './http.ts';

/* The signed-in fan's own records, read by the /profile tabs. The commerce and clips issues
   extend these shapes; the accounts issue needs them for the tabs and for account deletion. */

const money = z.number().nonnegative();

export const transactionStatus = z.enum(['created', 'failed', 'paid', 'refunded']);
export const transaction = z.object({
  id: z.number().int(),
  status: transactionStatus,
  amount: money,
  currency: z.string(),
  created_at: z.string(),
});

/** Spec section 4: payment status Paid/Inactive/Refunded/Active; activity_status active. */
export const order = z.object({
  id: z.number().int(),
  status: z.enum(['created', 'paid', 'failed', 'refunded', 'expired', 'inactive', 'active', 'canceled']),
  activity_status: z.enum(['active', 'inactive']),
  type: z.enum(['event', 'package', 'subscription']),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    event_category_id: z.number().int().nullable(),
    participant_id: z.number().int().nullable(),
  }),
  amount: money,
  currency: z.string(),
  created_at: z.string(),
  transactions: z.array(transaction),
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
      activity_status: z.enum(['active', 'inactive']).optional(),
    })
    .strict(),
  response: pagedEnvelope(order),
});

export const clipStatus = z.enum(['queued', 'processed', 'failed']);
export const clip = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  name: z.string(),
  start_time: z.number().nonnegative(),
  duration: z.number().positive(),
  tags: z.array(z.string()),
  status: clipStatus,
  created_at: z.string(),
});
export type Clip = z.infer<typeof clip>;

/** Spec: GET /clips/user — the signed-in user's clips, newest first. */
export const clipsUser = endpoint({
  name: 'clipsUser',
  method: 'GET',
  path: '/clips/user',
  auth: 'apiKey',
  params: z.object({}).strict(),
  response: envelope(z.array(clip)),
});
