import { z } from 'zod';
import { customFormsSpec } from './custom-forms.ts';
import { priceRefusal } from './prices.ts';
import { blackoutCountries } from './regions.ts';
import { slideSpec } from './slides.ts';
import { isLoginName } from '../../contract/auth.ts';
import { capability, type Capability } from '../../contract/auth.ts';
import { isKnownZone } from '../../contract/dates.ts';
import { DEFAULT_CLIP_TAGS } from '../db/schema/channel.ts';

/*
 * A channel description: everything a channel holds, as one JSON document. The demo seed is one
 * (seed/demo-channel.ts) and `npm run import:channel -- file.json` loads another through the same
 * code (seed/load.ts). Rows refer to each other by `key`/`alias` strings; the loader turns
 * those into database ids. Times are either absolute (`event_utc_ts`) or relative to the moment
 * of loading (`start_offset_seconds`), so a demo stays fresh whenever it is seeded.
 */

const key = z.string().min(1);
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb');
const timeZone = z.string().refine(isKnownZone, 'name a time zone by its IANA name, such as America/Chicago');
/** A price as an operator writes it: a decimal of the channel's currency (9.99), converted to
 *  minor units once, at load (seed/prices.ts). */
const money = z.number().nonnegative();

const imageName = z.string().regex(/^[a-z0-9-]+$/);
/** A school as the art draws it (channel-api/art/crest.ts): its colour, its monogram, and the seed
 *  (its alias) its crest's shape and charge come from. */
const crest = z.object({ seed: z.string().min(1), monogram: z.string().min(1).max(3), color: hex, accent: hex.optional() });

/** An image drawn as SVG at load time: a badge (initials on a disc), a banner (title on a band), a
 *  school's crest, or a game's poster (its two schools' colours and crests and its sport). */
export const imageSpec = z.discriminatedUnion('style', [
  z.object({
    name: imageName,
    style: z.enum(['badge', 'banner']),
    /** Accessible name (the SVG's <title>). */
    title: z.string().min(1),
    text: z.string().min(1),
    subtext: z.string().optional(),
    background: hex,
    foreground: hex,
    accent: hex.optional(),
  }),
  z.object({ name: imageName, style: z.literal('crest'), title: z.string().min(1), crest }),
  z.object({
    name: imageName,
    style: z.literal('game'),
    title: z.string().min(1),
    /** As written on the poster ('Girls Soccer'); its pictogram is found from it. */
    sport: z.string().min(1),
    subtext: z.string().optional(),
    /** An event's key: the band shows that game's day in its time zone (worked out at load, as
     *  its start is) instead of `subtext`, unless it re-airs forever (`always_live`). */
    day_of: key.optional(),
    /** The visiting school, drawn on the left, and the home school, on the right. */
    away: crest.extend({ name: z.string().min(1) }),
    home: crest.extend({ name: z.string().min(1) }),
  }),
]);

/** What a product grants when its description names nothing (ADR 038), the same as migration
 *  0009 gave the products stored before: a single game watches, a pass also clips, a subscription
 *  does everything. */
export const DEFAULT_CAPABILITIES: Readonly<Record<'event' | 'package' | 'subscription', readonly Capability[]>> = {
  event: ['watch'],
  package: ['watch', 'clipping'],
  subscription: ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access'],
};

/** A product's capabilities: each once; left out, its kind's default. An empty list is allowed
 *  (a product that only shows in the catalogue). */
const capabilities = z
  .array(capability)
  .max(capability.options.length)
  .refine((list) => new Set(list).size === list.length, { message: 'name each capability once' })
  .optional();

/** A date an operator writes: an ISO date ('2026-12-01') or date-time. */
const isoDate = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'write a date as YYYY-MM-DD or an ISO date-time');

/** One pre-roll as a description declares it: the ad's video file (absolute, or relative to the
 *  description), where it plays (location keys, category aliases; empty lists: everywhere), when
 *  it may be skipped, an optional click-through link and its dates. */
export const prerollSpec = z
  .object({
    media: z.string().min(1),
    locations: z.array(key).default([]),
    categories: z.array(key).default([]),
    skip_after_seconds: z.number().int().min(0).max(600).default(5),
    link: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'a link must be an http(s) address')
      .nullable()
      .default(null),
    starts: isoDate.nullable().default(null),
    ends: isoDate.nullable().default(null),
  })
  .refine((p) => p.starts === null || p.ends === null || Date.parse(p.starts) <= Date.parse(p.ends), {
    message: 'starts must not be after ends',
    path: ['ends'],
  });

const product = {
  key,
  name: z.string().min(1),
  description: z.string(),
  price: money,
  base_price: money,
  service_fee: money.default(0),
  image: z.string().nullable().default(null),
  categories: z.array(key).default([]),
  capabilities,
};

export const channelDescription = z
  .object({
    slug: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default('demo'),
    name: z.string().min(1),
    /** Left out: a random key is made. */
    channel_key: z.string().min(16).optional(),
    /** The channel's operators (who read /operator/report), by e-mail: the import makes each an
     *  account with a temporary password it prints once (as `user:create --role operator`). */
    operators: z
      .array(z.string().refine(isLoginName, 'must be an e-mail address'))
      .max(50)
      .default([])
      .refine((list) => new Set(list.map((e) => e.trim().toLowerCase())).size === list.length, 'must name each address once'),
    settings: z.object({
      logo: z.string().nullable().default(null),
      language: z.string().default('en'),
      multilanguage: z.boolean().default(false),
      currency: z.string().length(3).default('USD'),
      'google-analytics': z.string().nullable().default(null),
      'yare-analytics': z.string().nullable().default(null),
      basic_pass: z.boolean().default(false),
      cookie_notice: z.boolean().default(false),
      contact_email: z.string().email(),
      contact_phone: z.string().nullable().default(null),
      address: z.string().nullable().default(null),
      social: z.array(z.object({ name: z.string(), url: z.string().url() })).default([]),
      clip_tags: z.array(z.string().trim().min(1).max(40)).min(1).max(30).default(DEFAULT_CLIP_TAGS),
      /** The zone every time a fan reads is written in (ADR 045), and a game's when it names none. */
      time_zone: timeZone.default('UTC'),
      /** Pre-roll ads (ADR 050): each an ad video the import prepares into HLS renditions, stitched
       *  before the games it matches. Left out or empty: none. */
      prerolls: z.array(prerollSpec).max(50).default([]),
    }),
    /** The channel's custom forms and the gate (seed/custom-forms.ts, ADR 053). */
    custom_forms: customFormsSpec,
    color_settings: z.record(hex),
    geo: z.object({
      default_country_code: z.string().length(2),
      default_country: z.string(),
      blocked_countries: z.array(z.string().length(2)).default([]),
      ranges: z.array(z.object({ cidr: z.string(), country_code: z.string().length(2), country: z.string() })).default([]),
    }),
    images: z.array(imageSpec).default([]),
    participant_group_properties: z
      .array(z.object({ name: z.string(), label: z.string(), values: z.array(z.object({ value: z.string(), label: z.string() })) }))
      .default([]),
    participant_groups: z.array(z.object({ alias: key, name: z.string(), image: z.string().nullable().default(null) })).default([]),
    participants: z
      .array(
        z.object({
          alias: key,
          name: z.string(),
          short_name: z.string(),
          color: hex,
          logo: z.string().nullable().default(null),
          banner: z.string().nullable().default(null),
          group: key.nullable().default(null),
          parent: key.nullable().default(null),
          properties: z.record(z.string()).default({}),
        }),
      )
      .default([]),
    event_categories: z.array(z.object({ alias: key, name: z.string(), parent: key.nullable().default(null) })).default([]),
    locations: z.array(z.object({ key, name: z.string(), address: z.string(), city: z.string() })).default([]),
    events: z
      .array(
        z
          .object({
            key,
            name: z.string(),
            description: z.string().default(''),
            type: z.string().default('free'),
            participants: z.array(key).default([]),
            home: key.nullable().default(null),
            category: key.nullable().default(null),
            location: key.nullable().default(null),
            event_utc_ts: z.number().int().optional(),
            start_offset_seconds: z.number().int().optional(),
            duration: z.number().int().positive(),
            /** Left out: the channel's (settings.time_zone). */
            time_zone: timeZone.optional(),
            always_live: z.boolean().default(false),
            image: z.string().nullable().default(null),
            weight: z.number().int().default(0),
            asset: z.string().nullable().default(null),
            blackout_countries: blackoutCountries,
          })
          .refine((e) => (e.event_utc_ts === undefined) !== (e.start_offset_seconds === undefined), {
            message: 'give exactly one of event_utc_ts and start_offset_seconds',
          }),
      )
      .default([]),
    pages: z.array(z.object({ key, url: z.string().startsWith('/'), name: z.string(), alt_name: z.string(), body: z.string() })).default([]),
    static_blocks: z.array(z.object({ alias: key, title: z.string(), body: z.string() })).default([]),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
    menu: z
      .object({
        header: z.array(z.object({ name: z.string(), url: z.string() })).default([]),
        footer: z.array(z.object({ name: z.string(), url: z.string() })).default([]),
        group_menu: z.array(key).default([]),
        participant_menu: z.array(key).default([]),
      })
      .default({}),
    slides: z.array(slideSpec).default([]),
    vod_categories: z.array(z.object({ alias: key, name: z.string() })).default([]),
    vod_items: z
      .array(
        z.object({
          key,
          title: z.string(),
          description: z.string().default(''),
          /** ISO date, or days before loading. */
          date: z.string().datetime().optional(),
          days_ago: z.number().int().nonnegative().optional(),
          duration: z.number().int().nonnegative(),
          category: key.nullable().default(null),
          type: z.string().default('free'),
          asset: z.string(),
          image: z.string().nullable().default(null),
        }),
      )
      .default([]),
    vod_rails: z.array(z.object({ title: z.string(), items: z.array(key) })).default([]),
    packages: z
      .array(
        z
          .object({
            ...product,
            type: z.enum(['package', 'event']),
            pass_type: z.enum(['free', 'paid', 'register', 'ppv']).default('paid'),
            kind: z.enum(['regular', 'additional']).default('regular'),
            parent: key.nullable().default(null),
            category: key.nullable().default(null),
            is_team_pass: z.boolean().default(false),
            participants: z.array(key).default([]),
            period: z.string().nullable().default(null),
          })
          .transform((p) => ({ ...p, capabilities: p.capabilities ?? [...DEFAULT_CAPABILITIES[p.type]] })),
      )
      .default([]),
    subscriptions: z
      .array(
        z
          .object({
            ...product,
            offer: z.enum(['annual', 'monthly']),
            period: z.enum(['annual', 'month']),
            trial_period: z.number().int().positive().nullable().default(null),
          })
          .transform((s) => ({ ...s, capabilities: s.capabilities ?? [...DEFAULT_CAPABILITIES.subscription] })),
      )
      .default([]),
    /** Promotion codes (GET apply_coupon): a percentage or an amount off a purchase's products,
     *  never its service fee, with optional limits. */
    coupons: z
      .array(
        z
          .object({
            /** Matched without regard to case; stored upper case. */
            code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'code must be 1 to 40 letters, digits, - or _'),
            percent_off: z.number().int().min(1).max(100).nullable().default(null),
            /** In the channel's currency, like prices. */
            amount_off: money.nullable().default(null),
            /** An ISO date-time, or days after loading (negative: already expired); neither: never. */
            expires_at: z.string().datetime().optional(),
            expires_in_days: z.number().int().optional(),
            max_redemptions: z.number().int().positive().nullable().default(null),
            /** Uses per fan; null: no limit of its own. */
            max_redemptions_per_user: z.number().int().positive().nullable().default(null),
            /** Only for a fan who has not paid for anything yet. */
            first_purchase_only: z.boolean().default(false),
            /** The least subtotal (the products, before the code) it applies to. */
            minimum_amount: money.nullable().default(null),
            /** The kinds of product it applies to; empty: every kind. */
            applies_to: z.array(z.enum(['event', 'package', 'subscription'])).default([]),
            active: z.boolean().default(true),
          })
          .refine((c) => (c.percent_off === null) !== (c.amount_off === null), { message: 'give exactly one of percent_off and amount_off' })
          .refine((c) => c.expires_at === undefined || c.expires_in_days === undefined, { message: 'give at most one of expires_at and expires_in_days' }),
      )
      .default([]),
  })
  .strict()
  .superRefine((d, ctx) => {
    // Every price fits the channel's currency: 9.99 in USD, not 9.999; 500 in JPY, not 500.5.
    const check = (price: number | null, path: (string | number)[]) => {
      const refusal = price === null ? null : priceRefusal(price, d.settings.currency);
      if (refusal) ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: refusal });
    };
    for (const list of ['packages', 'subscriptions'] as const)
      d[list].forEach((p, i) => (['price', 'base_price', 'service_fee'] as const).forEach((field) => check(p[field], [list, i, field])));
    d.coupons.forEach((c, i) => (['amount_off', 'minimum_amount'] as const).forEach((field) => check(c[field], ['coupons', i, field])));
  });

export type ChannelDescription = z.infer<typeof channelDescription>;
export type ChannelDescriptionInput = z.input<typeof channelDescription>;
