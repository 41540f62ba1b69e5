import { z } from 'zod';
import * as e from './entities.ts';
import { endpoint, envelope, id, int, noParams } from './http.ts';

/* Public calls (spec section 7): no api key. */

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
