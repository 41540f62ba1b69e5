import { z } from 'zod';
import * as e from './entities.ts';
import { id, int, publicGet } from './http.ts';

/* Public calls (spec section 7): no api key. */

const webInterface = z.object({ client_interface: z.literal('web') });

export const settings = publicGet('settings', '/settings', e.settings);
export const menu = publicGet('menu', '/menu', e.menu);
export const slides = publicGet(
  'slides',
  '/slides/web',
  z.array(e.slide),
  /** `belongs_to_id`: only the slides of that category, participant or group (with its `type`). */
  z.object({ type: e.slideType.optional(), belongs_to_id: id.optional() }).strict(),
);
export const pages = publicGet('pages', '/pages', z.array(e.page));
export const colorSettings = publicGet('colorSettings', '/color-settings/web', e.colorSettings);
export const faq = publicGet('faq', '/faq', z.array(e.faq));
export const eventsLocations = publicGet('eventsLocations', '/events-locations', z.array(e.eventLocation));
export const subscriptions = publicGet('subscriptions', '/subscriptions', z.array(e.subscription));
export const packages = publicGet('packages', '/packages', z.array(e.pkg));
export const participants = publicGet(
  'participants',
  '/participants',
  z.array(e.participant),
  z.object({ no_limit: int(0, 1).optional(), participant_group_id: id.optional() }).strict(),
);
export const participantGroups = publicGet('participantGroups', '/participant-groups', z.array(e.participantGroup));

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

export const channelBootstrapData = publicGet(
  'channelBootstrapData',
  '/channel-bootstrap-data',
  bootstrapData,
  z.object({ 'color-settings': webInterface, slides: webInterface }).strict(),
);
