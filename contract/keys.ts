import { z } from 'zod';
import { endpoint, envelope, noControl } from './http.ts';

/* Where a client starts (spec section 7, public: no api key): the channel config gives the channel
   key, and the channel key an api key. */

/** GET {settings host}/{channel config}.json — where the channel key comes from. */
export const channelConfig = endpoint({
  name: 'channelConfig',
  method: 'GET',
  path: '/channels/:slug.json',
  auth: 'public',
  params: z
    .object({
      slug: z
        .string()
        .max(100, 'slug must be at most 100 characters')
        .regex(/^[a-z0-9-]+$/, 'slug must be lowercase letters, digits and dashes'),
    })
    .strict(),
  response: z.object({ channel_key: z.string(), name: z.string() }),
});

export const getApiKey = endpoint({
  name: 'getApiKey',
  method: 'POST',
  path: '/get_api_key',
  auth: 'public',
  params: z
    .object({
      channel_key: z
        .string({ required_error: 'channel_key is required' })
        .min(1, 'channel_key is required')
        .max(200)
        .refine(...noControl),
    })
    .strict(),
  response: envelope(z.object({ api_key: z.string(), expires_at: z.string() })),
});
