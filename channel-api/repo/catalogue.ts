import { and, eq, inArray } from 'drizzle-orm';
import { channelOrder } from './ordering.ts';
import { capability, type Capability } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/* Who plays and what is sold: participants, groups, event categories, packages, subscriptions. */

type ParticipantRow = typeof t.participants.$inferSelect;
type ParticipantOut = {
  id: number;
  name: string;
  short_name: string;
  alias: string;
  images: { logo: string | null; banner: string | null };
  color: string;
  participant_group_id: number | null;
  parent_id: number | null;
  properties: Record<string, string>;
  children?: ParticipantOut[];
};

const participantOut = (p: ParticipantRow): ParticipantOut => ({
  id: p.id,
  name: p.name,
  short_name: p.shortName,
  alias: p.alias,
  images: { logo: p.logo, banner: p.banner },
  color: p.color,
  participant_group_id: p.participantGroupId,
  parent_id: p.parentId,
  properties: p.properties,
});

/** Top-level participants (schools) with their children (teams). Without no_limit, at most 50 parents. */
export async function participantsOf(db: Db, channelId: number, opts: { noLimit: boolean; groupId?: number }) {
  const rows = await db
    .select()
    .from(t.participants)
    .where(and(eq(t.participants.channelId, channelId), opts.groupId ? eq(t.participants.participantGroupId, opts.groupId) : undefined))
    .orderBy(...channelOrder(t.participants));
  const parents = rows.filter((p) => p.parentId === null);
  const list = opts.noLimit ? parents : parents.slice(0, 50);
  return list.map((p) => ({ ...participantOut(p), children: rows.filter((c) => c.parentId === p.id).map(participantOut) }));
}

export async function participantGroupsOf(db: Db, channelId: number) {
  const rows = await db
    .select()
    .from(t.participantGroups)
    .where(eq(t.participantGroups.channelId, channelId))
    .orderBy(...channelOrder(t.participantGroups));
  return rows.map((g) => ({ id: g.id, name: g.name, alias: g.alias, image: g.image }));
}

type CategoryOut = { id: number; name: string; alias: string; parent_id: number | null; children?: CategoryOut[] };

export async function eventCategoriesOf(db: Db, channelId: number): Promise<CategoryOut[]> {
  const rows = await db
    .select()
    .from(t.eventCategories)
    .where(eq(t.eventCategories.channelId, channelId))
    .orderBy(...channelOrder(t.eventCategories));
  const out = (c: (typeof rows)[number]): CategoryOut => ({ id: c.id, name: c.name, alias: c.alias, parent_id: c.parentId });
  return rows.filter((c) => c.parentId === null).map((c) => ({ ...out(c), children: rows.filter((k) => k.parentId === c.id).map(out) }));
}

/** The fields every product shares on the wire (contract `productBase`); prices in minor units, as stored. */
interface ProductRow {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  basePriceCents: number;
  serviceFeeCents: number;
  image: string | null;
  weight: number;
  capabilities: string[];
}
/** A stored list as the contract names it (the import and the migration write only these). */
const capabilitiesOut = (stored: string[]): Capability[] => stored.filter((c): c is Capability => capability.safeParse(c).success);
const productFields = (p: ProductRow) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: p.priceCents,
  base_price: p.basePriceCents,
  service_fee: p.serviceFeeCents,
  image: p.image,
  weight: p.weight,
  capabilities: capabilitiesOut(p.capabilities),
});

type PackageRow = typeof t.packages.$inferSelect;
type SubscriptionRow = typeof t.subscriptions.$inferSelect;

const packageOut = (p: PackageRow) => ({
  ...productFields(p),
  type: p.type,
  pass_type: p.passType,
  kind: p.kind,
  parent_pass_id: p.parentPassId,
  event_category_id: p.eventCategoryId,
  event_categories: p.eventCategories,
  is_team_pass: p.isTeamPass,
  participants: p.participants,
  period: p.period,
});
export type PackageOut = ReturnType<typeof packageOut>;

const subscriptionOut = (s: SubscriptionRow) => ({
  ...productFields(s),
  type: 'subscription' as const,
  offer: s.offer,
  period: s.period,
  trial_period: s.trialPeriod,
  event_categories: s.eventCategories,
});
export type SubscriptionOut = ReturnType<typeof subscriptionOut>;

export async function packagesOf(db: Db, channelId: number) {
  const rows = await db
    .select()
    .from(t.packages)
    .where(eq(t.packages.channelId, channelId))
    .orderBy(...channelOrder(t.packages));
  return rows.map(packageOut);
}

export async function packageById(db: Db, channelId: number, id: number): Promise<PackageOut | undefined> {
  const [row] = await db
    .select()
    .from(t.packages)
    .where(and(eq(t.packages.channelId, channelId), eq(t.packages.id, id)));
  return row && packageOut(row);
}

export async function subscriptionsOf(db: Db, channelId: number) {
  const rows = await db
    .select()
    .from(t.subscriptions)
    .where(eq(t.subscriptions.channelId, channelId))
    .orderBy(...channelOrder(t.subscriptions));
  return rows.map(subscriptionOut);
}

export async function subscriptionById(db: Db, channelId: number, id: number): Promise<SubscriptionOut | undefined> {
  const [row] = await db
    .select()
    .from(t.subscriptions)
    .where(and(eq(t.subscriptions.channelId, channelId), eq(t.subscriptions.id, id)));
  return row && subscriptionOut(row);
}

/** Names of the channel's categories and participants by id (a package's choices). */
export async function namesOf(db: Db, channelId: number, kind: 'category' | 'participant', ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const table = kind === 'category' ? t.eventCategories : t.participants;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.channelId, channelId), inArray(table.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
