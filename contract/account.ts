import { z } from 'zod';
import { endpoint, envelope } from './http.ts';

/* The signed-in fan's clips, read by the /profile tabs (orders: orders.ts). The clips issue
   extends these shapes. */

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
