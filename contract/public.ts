import { z } from 'zod';
import * as e from './entities.ts';
import { endpoint, envelope, id, int, noControl, noParams } from './http.ts';

/* Public calls (spec section 7): no api key. */

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

const webInterface = z.object({ client_interface: z.literal('web') });

export const settings = endpoint({ name: 'settings', method: 'GET', path: '/settings', auth: 'public', params: noParams, response: envelope(e.settings) });
export const menu = endpoint({ name: 'menu', method: 'GET', path: '/menu', auth: 'public', params: noParams, response: envelope(e.menu) });
export const slides = endpoint({
  name: 'slides',
  method: 'GET',
  path: '/slides/web',
  auth: 'public',
  params: z.object({ type: z.enum(['main', 'category', 'participant', 'group']).optional() }).strict(),
  response: envelope(z.array(e.slide)),
});
export const pages = endpoint({ name: 'pages', method: 'GET', path: '/pages', auth: 'public', params: noParams, response: envelope(z.array(e.page)) });
export const colorSettings = endpoint({
  name: 'colorSettings',
  method: 'GET',
  path: '/color-settings/web',
  auth: 'public',
  params: noParams,
  response: envelope(e.colorSettings),
});
export const faq = endpoint({ name: 'faq', method: 'GET', path: '/faq', auth: 'public', params: noParams, response: envelope(z.array(e.faq)) });
export const eventsLocations = endpoint({
  name: 'eventsLocations',
  method: 'GET',
  path: '/events-locations',
  auth: 'public',
  params: noParams,
  response: envelope(z.array(e.eventLocation)),
});
export const subscriptions = endpoint({
  name: 'subscriptions',
  method: 'GET',
  path: '/subscriptions',
  auth: 'public',
  params: noParams,
  response: envelope(z.array(e.subscription)),
});
export const packages = endpoint({ name: 'packages', method: 'GET', path: '/packages', auth: 'public', params: noParams, response: envelope(z.array(e.pkg)) });
export const participants = endpoint({
  name: 'participants',
  method: 'GET',
  path: '/participants',
  auth: 'public',
  params: z.object({ no_limit: int(0, 1).optional(), participant_group_id: id.optional() }).strict(),
  response: envelope(z.array(e.participant)),
});
export const participantGroups = endpoint({
  name: 'participantGroups',
  method: 'GET',
  path: '/participant-groups',
  auth: 'public',
  params: noParams,
  response: envelope(z.array(e.participantGroup)),
});

export const bootstrapData = z.object({
  settings: e.settings,
  menu: e.menu,
  slides: z.array(e.slide),
  pages: z.array(e.page),
  'color-settings': e.colorSettings,
  faq: z.array(e.faq),
  'events-categories': z.array(e.eventCategory),
  'events-locations': z.array(e.eventLocation),
  packages: z.array(e.pkg),
  subscriptions: z.array(e.subscription),
  'participant-groups': z.array(e.participantGroup),
  'participant-group-properties': z.array(e.participantGroupProperty),
  static_blocks: z.array(e.staticBlock),
});
export type BootstrapData = z.infer<typeof bootstrapData>;

export const channelBootstrapData = endpoint({
  name: 'channelBootstrapData',
  method: 'GET',
  path: '/channel-bootstrap-data',
  auth: 'public',
  params: z.object({ 'color-settings': webInterface, slides: webInterface }).strict(),
  response: envelope(bootstrapData),
});
