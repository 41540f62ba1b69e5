import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChannelRow } from './channels.ts';
import { channelOrder } from './ordering.ts';
import { prerollsOf } from './prerolls.ts';
import { channelZone } from '../../contract/dates.ts';
import type { SlideType } from '../../contract/entities.ts';
import type { StoredPreroll } from '../../contract/prerolls.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { DEFAULT_CLIP_TAGS } from '../db/schema.ts';
import { VOD_MAIN_RENDITION } from '../media/assets.ts';

/* The channel's site content: settings, menus, slides, pages, FAQ, static blocks, locations. */

export const settingsOf = (c: ChannelRow) => ({
  name: c.name,
  ...c.settings,
  clip_tags: c.settings.clip_tags ?? DEFAULT_CLIP_TAGS,
  time_zone: timeZoneOf(c),
  prerolls: prerollsOf(c).map(prerollOut),
  // What the gate and the profile need of each form; its fields come with GET /custom-forms/{alias}.
  custom_forms: (c.settings.custom_forms ?? []).map(({ alias, title, required }) => ({ alias, title, required })),
});

/** A pre-roll as the settings show it (contract `preroll`): where it plays, not its link (that is
 *  followed through the web's /ad/{id}, which counts the click). */
const prerollOut = (p: StoredPreroll) => ({
  id: p.id,
  video_url: `/media/prerolls/${p.ad}/${VOD_MAIN_RENDITION.name}.m3u8`,
  location: p.location_ids.join(','),
  event_category_id: p.category_ids[0] ?? null,
  location_ids: p.location_ids,
  category_ids: p.category_ids,
  duration: p.duration,
  skip_after_seconds: p.skip_after_seconds,
  has_link: p.link !== null,
  starts: p.starts,
  ends: p.ends,
});

/** The zone the channel's fans read times in: in its mails, pages and file names (ADR 045). */
export const timeZoneOf = (c: Pick<ChannelRow, 'settings'>) => channelZone(c.settings);

export async function menuOf(db: Db, channelId: number) {
  const items = await db
    .select()
    .from(t.menuItems)
    .where(eq(t.menuItems.channelId, channelId))
    .orderBy(...channelOrder(t.menuItems));
  const links = (location: string) => items.filter((i) => i.location === location).map((i) => ({ id: i.id, name: i.name, url: i.url, weight: i.weight }));
  const groupIds = items.filter((i) => i.location === 'group').map((i) => i.refId ?? 0);
  const participantIds = items.filter((i) => i.location === 'participant').map((i) => i.refId ?? 0);
  const groups = groupIds.length ? await db.select().from(t.participantGroups).where(inArray(t.participantGroups.id, groupIds)) : [];
  const people = participantIds.length ? await db.select().from(t.participants).where(inArray(t.participants.id, participantIds)) : [];
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const groupById = byId(groups);
  const personById = byId(people);
  return {
    header: links('header'),
    footer: links('footer'),
    group_menu: groupIds.flatMap((id) => {
      const g = groupById.get(id);
      return g ? [{ id: g.id, name: g.name, image: g.image, alias: g.alias }] : [];
    }),
    participant_menu: participantIds.flatMap((id) => {
      const p = personById.get(id);
      return p ? [{ id: p.id, name: p.name, images: { logo: p.logo, banner: p.banner }, alias: p.alias }] : [];
    }),
  };
}

/** Only the slides of one type, and of one category, participant or group (`belongsToId`). */
export interface SlideFilter {
  type?: SlideType;
  belongsToId?: number;
}

export async function slidesOf(db: Db, channelId: number, only: SlideFilter = {}) {
  const rows = await db
    .select()
    .from(t.slides)
    .where(
      and(
        eq(t.slides.channelId, channelId),
        only.type ? eq(t.slides.type, only.type) : undefined,
        only.belongsToId === undefined ? undefined : eq(t.slides.belongsToId, only.belongsToId),
      ),
    )
    .orderBy(...channelOrder(t.slides));
  return rows.map((s) => ({
    id: s.id,
    type: s.type,
    belongs_to_id: s.belongsToId,
    title: s.title,
    subtitle: s.subtitle,
    image: s.image,
    slidable_type: s.slidableType,
    slidable_id: s.slidableId,
    link_url: s.linkUrl,
    weight: s.weight,
  }));
}

const pageOut = (p: typeof t.pages.$inferSelect) => ({ id: p.id, url: p.url, alt_name: p.altName, name: p.name });

export async function pagesOf(db: Db, channelId: number) {
  const rows = await db
    .select()
    .from(t.pages)
    .where(eq(t.pages.channelId, channelId))
    .orderBy(...channelOrder(t.pages));
  return rows.map(pageOut);
}

export async function pageById(db: Db, channelId: number, id: number) {
  const [p] = await db
    .select()
    .from(t.pages)
    .where(and(eq(t.pages.channelId, channelId), eq(t.pages.id, id)));
  return p ? { ...pageOut(p), body: p.body } : undefined;
}

export async function faqOf(db: Db, channelId: number) {
  const rows = await db
    .select()
    .from(t.faqs)
    .where(eq(t.faqs.channelId, channelId))
    .orderBy(...channelOrder(t.faqs));
  return rows.map((f) => ({ id: f.id, question: f.question, answer: f.answer, weight: f.weight }));
}

export async function staticBlocksOf(db: Db, channelId: number) {
  const rows = await db.select().from(t.staticBlocks).where(eq(t.staticBlocks.channelId, channelId)).orderBy(asc(t.staticBlocks.id));
  return rows.map((b) => ({ id: b.id, alias: b.alias, title: b.title, body: b.body }));
}

export async function locationsOf(db: Db, channelId: number) {
  const rows = await db.select().from(t.eventLocations).where(eq(t.eventLocations.channelId, channelId)).orderBy(asc(t.eventLocations.id));
  return rows.map((l) => ({ id: l.id, name: l.name, address: l.address, city: l.city }));
}
