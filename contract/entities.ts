import { z } from 'zod';
import { capability } from './auth.ts';
import { formSummary } from './custom-forms.ts';
import { money } from './http.ts';
import { preroll, prerollPlay } from './prerolls.ts';

/* Wire shapes of the channel's entities (spec section 3). Field names are the channel's own. */

export const streamStatus = z.enum(['live', 'upcoming', 'finished']);
export type StreamStatus = z.infer<typeof streamStatus>;

export const images = z.object({ logo: z.string().nullable().optional(), banner: z.string().nullable().optional() });

export const participant: z.ZodType<Participant> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    short_name: z.string(),
    alias: z.string(),
    images,
    color: z.string(),
    participant_group_id: z.number().int().nullable(),
    parent_id: z.number().int().nullable(),
    /** gender: 'M' | 'W' (spec section 9), sport: event category alias. */
    properties: z.record(z.string()),
    children: z.array(participant).optional(),
  }),
);
export interface Participant {
  id: number;
  name: string;
  short_name: string;
  alias: string;
  images: z.infer<typeof images>;
  color: string;
  participant_group_id: number | null;
  parent_id: number | null;
  properties: Record<string, string>;
  children?: Participant[];
}

export const participantGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  image: z.string().nullable(),
});
export type ParticipantGroup = z.infer<typeof participantGroup>;

export const participantGroupProperty = z.object({
  name: z.string(),
  label: z.string(),
  values: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const eventCategory: z.ZodType<EventCategory> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    alias: z.string(),
    parent_id: z.number().int().nullable(),
    children: z.array(eventCategory).optional(),
  }),
);
export interface EventCategory {
  id: number;
  name: string;
  alias: string;
  parent_id: number | null;
  children?: EventCategory[];
}

export const eventLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
});
export type EventLocation = z.infer<typeof eventLocation>;

export const eventParticipant = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  images,
  color: z.string(),
});

export const event = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Who may watch it: an access type (accessTypeOf). */
  type: z.string(),
  participants: z.array(eventParticipant),
  home_team_id: z.number().int().nullable(),
  /** Start, epoch seconds (UTC). */
  event_utc_ts: z.number().int(),
  /** Planned length in seconds. */
  duration: z.number().int().nonnegative(),
  time_zone: z.string(),
  stream_status: streamStatus,
  location_id: z.number().int().nullable(),
  event_category_id: z.number().int().nullable(),
  event_categories: z.array(z.object({ id: z.number().int(), name: z.string(), alias: z.string() })),
  image: z.string().nullable(),
  weight: z.number().int(),
});
export type Event = z.infer<typeof event>;

export const caption = z.object({ label: z.string(), srclang: z.string(), url: z.string() });

/**
 * The viewer's right to one asset's files (a media grant, ADR 026): the web app sets it as an
 * HttpOnly cookie named `media_grant` (prefixed as its cookies are) on `path`, until `expires_at`,
 * and its /media proxy hands that cookie, and no other, to the channel API. Null when the media is
 * public (free) or the viewer may not watch it. Never shown in a page.
 */
export const mediaGrant = z.object({ value: z.string(), path: z.string(), expires_at: z.string() });
export type MediaGrant = z.infer<typeof mediaGrant>;
/** The name the channel API reads a grant by, as the web app's cookie factory prefixes it. */
export const MEDIA_GRANT_COOKIE = 'media_grant';

/**
 * What a viewer may do with a game beyond watching it (clip it, download it), and if not, why:
 * `allowed`; `sign_in` (a visitor); `no_access` (they may not watch the game); `no_capability`
 * (they may watch it, but none of their passes grants this: capability names it); `unavailable`
 * (not for this game now: an upcoming game has nothing to clip, a live one cannot be downloaded).
 */
export const featureState = z.object({
  state: z.enum(['allowed', 'sign_in', 'no_access', 'no_capability', 'unavailable']),
  /** The capability it takes (contract/auth.ts `capability`). */
  capability: z.string(),
});
export type FeatureState = z.infer<typeof featureState>;

/** What a viewer gets to play a game or a video (events/{id}, vod-media/{id}). */
const playback = {
  has_access: z.boolean(),
  /** HLS master playlist; null when the viewer has no access or the game has not started. */
  url: z.string().nullable(),
  /** Progressive MP4 rendition for browsers without HLS; null like url. */
  mp4_url: z.string().nullable(),
  captions: z.array(caption),
  media_grant: mediaGrant.nullable(),
  /** The viewer may watch it, but the channel is still preparing its video (url is null): try
   *  again in a minute. Left out: false. */
  preparing: z.boolean().default(false),
};

/** events/{id}: the event plus what this viewer may do with it. */
export const eventDetail = event.extend({
  ...playback,
  /** Where the game is blacked out (ISO country codes; ADR 054): with GET /geo, the web app says
   *  so to every visitor of that region (contract/regions.ts `blockedIn`). Left out: nowhere. */
  blackout_countries: z.array(z.string()).default([]),
  /** Whether this viewer may clip the game and download it now, and if not, why (issue 25). */
  features: z.object({ clip: featureState, download: featureState }),
  /** The pre-roll stitched before the game for this viewer (ADR 050), or null. For a visitor it is
   *  the one the game has for everyone: the web app drops it when their cookie says they skipped
   *  it within the hour. */
  preroll: prerollPlay.nullable().default(null),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const menuItem = z.object({ id: z.number().int(), name: z.string(), url: z.string(), weight: z.number().int() });
export const groupMenuItem = z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable(), alias: z.string() });
export const participantMenuItem = z.object({ id: z.number().int(), name: z.string(), images, alias: z.string() });
export const menu = z.object({
  header: z.array(menuItem),
  footer: z.array(menuItem),
  group_menu: z.array(groupMenuItem),
  participant_menu: z.array(participantMenuItem),
});
export type Menu = z.infer<typeof menu>;

export const settings = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  language: z.string(),
  multilanguage: z.boolean(),
  currency: z.string(),
  'google-analytics': z.string().nullable(),
  'yare-analytics': z.string().nullable(),
  basic_pass: z.boolean(),
  cookie_notice: z.boolean(),
  contact_email: z.string(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  social: z.array(z.object({ name: z.string(), url: z.string() })),
  prerolls: z.array(preroll),
  /** The tags a fan picks from for a clip (spec: 'Please select tag'); the channel's own list. */
  clip_tags: z.array(z.string()),
  /** The IANA zone every time a fan reads is written in (contract/dates.ts `channelZone`, ADR 045). */
  time_zone: z.string(),
  /** The channel's custom forms (contract/custom-forms.ts): a required one is the gate's (ADR 053). */
  custom_forms: z.array(formSummary).default([]),
});
export type Settings = z.infer<typeof settings>;

/** Where a slide shows (issue 36): `main` on home; `category` on its sport's page, `participant`
 *  on its school's or team's, `group` on its division's (`belongs_to_id` names which). */
export const slideType = z.enum(['main', 'category', 'participant', 'group']);
export type SlideType = z.infer<typeof slideType>;

export const slide = z.object({
  id: z.number().int(),
  type: slideType,
  /** The id of the category, participant or group the slide belongs to; null for a main slide. */
  belongs_to_id: z.number().int().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string(),
  /** 'event' | 'page' | 'url' | 'vod' */
  slidable_type: z.string(),
  slidable_id: z.number().int().nullable(),
  link_url: z.string().nullable(),
  weight: z.number().int(),
});
export type Slide = z.infer<typeof slide>;

export const page = z.object({ id: z.number().int(), url: z.string(), alt_name: z.string(), name: z.string() });
export type Page = z.infer<typeof page>;
/** A page with its text: paragraphs separated by blank lines, no markup. */
export const pageDetail = page.extend({ body: z.string() });
export type PageDetail = z.infer<typeof pageDetail>;

/** Keys such as header-background, header-text, body-background, body-text, footer, primary. */
export const colorSettings = z.record(z.string().regex(/^#[0-9a-fA-F]{6}$/));
export type ColorSettings = z.infer<typeof colorSettings>;

export const faq = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), weight: z.number().int() });
export type Faq = z.infer<typeof faq>;

export const staticBlock = z.object({ id: z.number().int(), alias: z.string(), title: z.string(), body: z.string() });
export type StaticBlock = z.infer<typeof staticBlock>;

const productBase = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: money,
  base_price: money,
  service_fee: money,
  image: z.string().nullable(),
  weight: z.number().int(),
  /** What buying it lets a fan do: the channel's data (ADR 038). A subscription here grants
   *  downloads, a pass clipping, a single game watching only: what the web app tells a fan who
   *  lacks one. */
  capabilities: z.array(capability),
};

export const subscription = z.object({
  ...productBase,
  type: z.literal('subscription'),
  offer: z.enum(['annual', 'monthly']),
  period: z.enum(['annual', 'month']),
  /** Free trial length in days; null when there is none. */
  trial_period: z.number().int().positive().nullable(),
  event_categories: z.array(z.number().int()),
});
export type Subscription = z.infer<typeof subscription>;

export const pkg = z.object({
  ...productBase,
  /** 'package' sells a season of categories; 'event' sells one event (single-event package). */
  type: z.enum(['package', 'event']),
  pass_type: z.enum(['free', 'paid', 'register', 'ppv']),
  /** 'regular' or 'additional' (an add-on of the regular pass named by parent_pass_id). */
  kind: z.enum(['regular', 'additional']),
  parent_pass_id: z.number().int().nullable(),
  event_category_id: z.number().int().nullable(),
  event_categories: z.array(z.number().int()),
  is_team_pass: z.boolean(),
  participants: z.array(z.number().int()),
  period: z.string().nullable(),
});
export type Package = z.infer<typeof pkg>;

export const geo = z.object({
  country: z.string(),
  country_code: z.string(),
  ip: z.string(),
  is_geo_blocked: z.boolean(),
});
export type Geo = z.infer<typeof geo>;

export const vodAsset = z.object({ type: z.enum(['image', 'preview']), path: z.string() });
export const vodMediaItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** ISO date-time. */
  date: z.string(),
  duration: z.number().int().nonnegative(),
  vod_media_category_id: z.number().int().nullable(),
  assets: z.array(vodAsset),
});
export type VodMediaItem = z.infer<typeof vodMediaItem>;
export const vodMediaDetail = vodMediaItem.extend({
  /** Who may watch it: an access type (contract/access.ts). */
  type: z.string(),
  ...playback,
});
export type VodMediaDetail = z.infer<typeof vodMediaDetail>;
export const vodMediaCategory = z.object({ id: z.number().int(), name: z.string(), alias: z.string() });
export type VodMediaCategory = z.infer<typeof vodMediaCategory>;
export const vodRail = z.object({ id: z.number().int(), title: z.string(), vod_media_items: z.array(vodMediaItem) });
export type VodRail = z.infer<typeof vodRail>;

/** Where to fetch a file the fan may download: a link signed for a few minutes, and its name. */
export const download = z.object({
  /** Path-absolute (/media/downloads/<signed token>); answers with Content-Disposition. */
  url: z.string(),
  filename: z.string(),
  bytes: z.number().int().nonnegative(),
  expires_at: z.string(),
});

export type Download = z.infer<typeof download>;
