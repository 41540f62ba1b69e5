import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { channelDescription, type ChannelDescription } from './description.ts';
import { toMinorUnits } from './prices.ts';
import { slideRows } from './slides.ts';
import { posterDays, renderSvg } from './svg.ts';
import type { StoredPreroll } from '../../contract/prerolls.ts';
import type { Db, Tx } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { PreparedAd } from '../media/preroll-media.ts';

/** The description's pre-rolls as the channel stores them: ids from 1 in their order (the
 *  first that matches a game plays), keys and aliases as ids, dates as epoch seconds. */
function storedPrerolls(
  list: ChannelDescription['settings']['prerolls'],
  media: ReadonlyMap<string, PreparedAd>,
  ids: { locations: Ids; categories: Ids },
): StoredPreroll[] {
  const epoch = (date: string | null) => (date === null ? null : Math.floor(Date.parse(date) / 1000));
  return list.map((p, i) => {
    const ad = media.get(p.media);
    if (!ad) throw new Error(`pre-roll ${i + 1}: its ad '${p.media}' is not prepared (npm run import:channel prepares it)`);
    // An end written as a day ('2026-12-31') runs to that day's last second (UTC).
    const ends = p.ends !== null && /^\d{4}-\d{2}-\d{2}$/.test(p.ends) ? epoch(p.ends)! + 86_399 : epoch(p.ends);
    return {
      id: i + 1,
      ad: ad.ad,
      duration: ad.duration,
      location_ids: p.locations.map((k) => ids.locations.get(k)),
      category_ids: p.categories.map((a) => ids.categories.get(a)),
      skip_after_seconds: p.skip_after_seconds,
      link: p.link,
      starts: epoch(p.starts),
      ends,
    };
  });
}

/** Key → id map that fails loudly on a dangling reference in the description. */
class Ids {
  private map = new Map<string, number>();
  constructor(private kind: string) {}
  set(key: string, id: number) {
    if (this.map.has(key)) throw new Error(`duplicate ${this.kind} key '${key}'`);
    this.map.set(key, id);
  }
  get(key: string): number {
    const id = this.map.get(key);
    if (id === undefined) throw new Error(`unknown ${this.kind} '${key}'`);
    return id;
  }
  opt(key: string | null): number | null {
    return key === null ? null : this.get(key);
  }
}

/**
 * Replaces every channel with the one described, in one transaction (a failure leaves the old
 * channel intact). Returns the new channel's id.
 */
export async function loadChannel(db: Db, input: unknown, opts: LoadOptions = {}): Promise<number | null> {
  const d = channelDescription.parse(input);
  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL database: the second waits here, then sees the seed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (opts.onlyIfEmpty) {
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(t.channels);
      if (Number(count) > 0) return null;
    }
    await tx.delete(t.channels);
    const channelId = await insertChannel(tx, d, opts.now ?? new Date(), opts.prerollMedia ?? new Map());
    await insertOperators(tx, channelId, d.operators, opts.operatorPasswords ?? new Map(), opts.now ?? new Date());
    return channelId;
  });
}

export interface LoadOptions {
  now?: Date;
  onlyIfEmpty?: boolean;
  /** Each pre-roll's prepared ad, by its `media` as the description writes it (the import makes
   *  them: media/preroll-media.ts). A pre-roll whose ad is not there is refused. */
  prerollMedia?: ReadonlyMap<string, PreparedAd>;
  /** The hash of each operator's temporary password, by address as the description writes it (the
   *  import makes them); an operator without one signs in after "Forgot your password?". */
  operatorPasswords?: ReadonlyMap<string, string>;
}

/** Arbitrary constant naming the "load a channel" advisory lock. */
const SEED_LOCK = 7_412_001;

async function insertChannel(tx: Tx, d: ChannelDescription, now: Date, prerollMedia: ReadonlyMap<string, PreparedAd>): Promise<number> {
  const nowSec = Math.floor(now.getTime() / 1000);
  // The description's prices are decimals of the channel's currency; the tables hold minor units.
  const minor = (price: number) => toMinorUnits(price, d.settings.currency);
  const [channel] = await tx
    .insert(t.channels)
    .values({
      slug: d.slug,
      name: d.name,
      channelKey: d.channel_key ?? randomBytes(24).toString('base64url'),
      // Pre-rolls name locations and categories: stored once those have ids (below).
      settings: { ...d.settings, prerolls: [], custom_forms: d.custom_forms },
      colorSettings: d.color_settings,
      blockedCountries: d.geo.blocked_countries,
      defaultCountryCode: d.geo.default_country_code,
      defaultCountry: d.geo.default_country,
      groupProperties: d.participant_group_properties,
    })
    .returning({ id: t.channels.id });
  const channelId = channel.id;
  const rows = <T>(list: T[]) => (list.length > 0 ? list : null);

  const ranges = rows(d.geo.ranges.map((r) => ({ channelId, cidr: r.cidr, countryCode: r.country_code, country: r.country })));
  if (ranges) await tx.insert(t.geoRanges).values(ranges);
  const days = posterDays(d.events, nowSec, d.settings.time_zone);
  const imgs = rows(
    d.images.map((img) => ({ channelId, name: img.name, svg: renderSvg(img, { day: img.style === 'game' && img.day_of ? days.get(img.day_of) : undefined }) })),
  );
  if (imgs) await tx.insert(t.images).values(imgs);

  const groups = new Ids('participant group');
  for (const [i, g] of d.participant_groups.entries()) {
    const [row] = await tx
      .insert(t.participantGroups)
      .values({ channelId, name: g.name, alias: g.alias, image: g.image, weight: i })
      .returning({ id: t.participantGroups.id });
    groups.set(g.alias, row.id);
  }
  // Parents before children: the description lists schools before their teams.
  const people = new Ids('participant');
  for (const [i, p] of d.participants.entries()) {
    const [row] = await tx
      .insert(t.participants)
      .values({
        channelId,
        parentId: people.opt(p.parent),
        participantGroupId: groups.opt(p.group),
        name: p.name,
        shortName: p.short_name,
        alias: p.alias,
        color: p.color,
        logo: p.logo,
        banner: p.banner,
        properties: p.properties,
        weight: i,
      })
      .returning({ id: t.participants.id });
    people.set(p.alias, row.id);
  }
  const categories = new Ids('event category');
  for (const [i, c] of d.event_categories.entries()) {
    const [row] = await tx
      .insert(t.eventCategories)
      .values({ channelId, parentId: categories.opt(c.parent), name: c.name, alias: c.alias, weight: i })
      .returning({ id: t.eventCategories.id });
    categories.set(c.alias, row.id);
  }
  const locations = new Ids('location');
  for (const l of d.locations) {
    const [row] = await tx
      .insert(t.eventLocations)
      .values({ channelId, name: l.name, address: l.address, city: l.city })
      .returning({ id: t.eventLocations.id });
    locations.set(l.key, row.id);
  }
  if (d.settings.prerolls.length > 0) {
    const prerolls = storedPrerolls(d.settings.prerolls, prerollMedia, { locations, categories });
    await tx
      .update(t.channels)
      .set({ settings: { ...d.settings, prerolls, custom_forms: d.custom_forms } })
      .where(sql`${t.channels.id} = ${channelId}`);
  }

  const events = new Ids('event');
  for (const e of d.events) {
    const [row] = await tx
      .insert(t.events)
      .values({
        channelId,
        name: e.name,
        description: e.description,
        type: e.type,
        homeTeamId: people.opt(e.home),
        eventUtcTs: e.event_utc_ts ?? nowSec + (e.start_offset_seconds ?? 0),
        duration: e.duration,
        timeZone: e.time_zone ?? d.settings.time_zone,
        alwaysLive: e.always_live,
        locationId: locations.opt(e.location),
        eventCategoryId: categories.opt(e.category),
        image: e.image,
        weight: e.weight,
        asset: e.asset,
        blackoutCountries: e.blackout_countries,
      })
      .returning({ id: t.events.id });
    events.set(e.key, row.id);
    const links = rows(e.participants.map((p, position) => ({ eventId: row.id, participantId: people.get(p), position })));
    if (links) await tx.insert(t.eventParticipants).values(links);
  }

  const pages = new Ids('page');
  for (const [i, p] of d.pages.entries()) {
    const [row] = await tx
      .insert(t.pages)
      .values({ channelId, url: p.url, name: p.name, altName: p.alt_name, body: p.body, weight: i })
      .returning({ id: t.pages.id });
    pages.set(p.key, row.id);
  }
  const blocks = rows(d.static_blocks.map((b) => ({ channelId, alias: b.alias, title: b.title, body: b.body })));
  if (blocks) await tx.insert(t.staticBlocks).values(blocks);
  const faqs = rows(d.faq.map((f, i) => ({ channelId, question: f.question, answer: f.answer, weight: i })));
  if (faqs) await tx.insert(t.faqs).values(faqs);

  const groupNames = new Map(d.participant_groups.map((g) => [g.alias, g.name]));
  const personNames = new Map(d.participants.map((p) => [p.alias, p.name]));
  const menu = rows([
    ...d.menu.header.map((m, i) => ({ channelId, location: 'header', name: m.name, url: m.url, refId: null, weight: i })),
    ...d.menu.footer.map((m, i) => ({ channelId, location: 'footer', name: m.name, url: m.url, refId: null, weight: i })),
    ...d.menu.group_menu.map((g, i) => ({ channelId, location: 'group', name: groupNames.get(g) ?? g, url: '', refId: groups.get(g), weight: i })),
    ...d.menu.participant_menu.map((p, i) => ({ channelId, location: 'participant', name: personNames.get(p) ?? p, url: '', refId: people.get(p), weight: i })),
  ]);
  if (menu) await tx.insert(t.menuItems).values(menu);

  const vodCategories = new Ids('vod category');
  for (const [i, c] of d.vod_categories.entries()) {
    const [row] = await tx.insert(t.vodCategories).values({ channelId, name: c.name, alias: c.alias, weight: i }).returning({ id: t.vodCategories.id });
    vodCategories.set(c.alias, row.id);
  }
  const vod = new Ids('vod item');
  for (const v of d.vod_items) {
    const date = v.date ? new Date(v.date) : new Date(now.getTime() - (v.days_ago ?? 0) * 86_400_000);
    const [row] = await tx
      .insert(t.vodItems)
      .values({
        channelId,
        categoryId: vodCategories.opt(v.category),
        title: v.title,
        description: v.description,
        date,
        duration: v.duration,
        type: v.type,
        asset: v.asset,
        image: v.image,
      })
      .returning({ id: t.vodItems.id });
    vod.set(v.key, row.id);
  }
  for (const [i, r] of d.vod_rails.entries()) {
    const [row] = await tx.insert(t.vodRails).values({ channelId, title: r.title, weight: i }).returning({ id: t.vodRails.id });
    const items = rows(r.items.map((k, position) => ({ railId: row.id, itemId: vod.get(k), position })));
    if (items) await tx.insert(t.vodRailItems).values(items);
  }

  const slides = rows(slideRows(channelId, d.slides, { event: events, page: pages, vod }, { category: categories, participant: people, group: groups }));
  if (slides) await tx.insert(t.slides).values(slides);

  const passes = new Ids('package');
  for (const [i, p] of d.packages.entries()) {
    const [row] = await tx
      .insert(t.packages)
      .values({
        channelId,
        name: p.name,
        description: p.description,
        priceCents: minor(p.price),
        basePriceCents: minor(p.base_price),
        serviceFeeCents: minor(p.service_fee),
        image: p.image,
        weight: i,
        eventCategories: p.categories.map((c) => categories.get(c)),
        type: p.type,
        passType: p.pass_type,
        kind: p.kind,
        parentPassId: passes.opt(p.parent),
        eventCategoryId: categories.opt(p.category),
        isTeamPass: p.is_team_pass,
        participants: p.participants.map((x) => people.get(x)),
        period: p.period,
        capabilities: p.capabilities,
      })
      .returning({ id: t.packages.id });
    passes.set(p.key, row.id);
  }
  const subs = rows(
    d.subscriptions.map((s, i) => ({
      channelId,
      name: s.name,
      description: s.description,
      priceCents: minor(s.price),
      basePriceCents: minor(s.base_price),
      serviceFeeCents: minor(s.service_fee),
      image: s.image,
      weight: i,
      eventCategories: s.categories.map((c) => categories.get(c)),
      offer: s.offer,
      period: s.period,
      trialPeriod: s.trial_period,
      capabilities: s.capabilities,
    })),
  );
  if (subs) await tx.insert(t.subscriptions).values(subs);
  const coupons = rows(
    d.coupons.map((c) => ({
      channelId,
      code: c.code.toUpperCase(),
      percentOff: c.percent_off,
      amountOffCents: c.amount_off === null ? null : minor(c.amount_off),
      expiresAt: c.expires_at ? new Date(c.expires_at) : c.expires_in_days !== undefined ? new Date(now.getTime() + c.expires_in_days * 86_400_000) : null,
      maxRedemptions: c.max_redemptions,
      maxRedemptionsPerUser: c.max_redemptions_per_user,
      firstPurchaseOnly: c.first_purchase_only,
      minimumAmountCents: c.minimum_amount === null ? null : minor(c.minimum_amount),
      appliesTo: c.applies_to,
      active: c.active,
    })),
  );
  if (coupons) await tx.insert(t.coupons).values(coupons);
  return channelId;
}

/** The description's operators: verified accounts with the operator's role. */
async function insertOperators(tx: Tx, channelId: number, emails: readonly string[], passwords: ReadonlyMap<string, string>, now: Date) {
  if (emails.length === 0) return;
  await tx.insert(t.users).values(
    emails.map((email) => ({
      channelId,
      email: email.trim().toLowerCase(),
      passwordHash: passwords.get(email) ?? null,
      temporaryPassword: passwords.has(email),
      emailVerifiedAt: now,
      role: 'operator' as const,
    })),
  );
}
