import { PREROLL_CACHE_SECONDS, PREROLL_DISMISS_SECONDS, prerollFor, type PrerollPlay, type StoredPreroll } from '../../contract/prerolls.ts';
import { capabilitiesOf } from '../access.ts';
import type { Db } from '../db/client.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { channelById, defaultChannel } from '../repo/channels.ts';
import { categoryParents, dismissalsOf, prerollsOf, recordDismissal } from '../repo/prerolls.ts';

/* Pre-roll ads (ADR 050): which one a viewer sees before a game (the rule is contract/prerolls.ts
 * `prerollFor`), a fan's dismissal, and the click-through. The channel's list is kept an hour
 * (spec section 9): an import shows on the next read after that, or at the next start. */

export interface PrerollCatalogue {
  /** The channel's pre-rolls and its categories' parents, read at most once an hour. */
  list(channelId: number): Promise<{ prerolls: StoredPreroll[]; parents: Map<number, number | null> }>;
  /** One of the server's channel's pre-rolls (the media router has no caller: the first channel). */
  byId(id: number): Promise<StoredPreroll | null>;
}

export function prerollCatalogue(db: Db, now: () => number = Date.now): PrerollCatalogue {
  const kept = new Map<number, { until: number; value: Promise<{ prerolls: StoredPreroll[]; parents: Map<number, number | null> }> }>();
  let first: { until: number; id: Promise<number | null> } | null = null;
  const list = (channelId: number) => {
    const hit = kept.get(channelId);
    if (hit && hit.until > now()) return hit.value;
    const value = (async () => {
      const channel = await channelById(db, channelId);
      return { prerolls: channel ? prerollsOf(channel) : [], parents: await categoryParents(db, channelId) };
    })();
    value.catch(() => kept.delete(channelId));
    kept.set(channelId, { until: now() + PREROLL_CACHE_SECONDS * 1000, value });
    return value;
  };
  return {
    list,
    async byId(id) {
      if (!first || first.until <= now()) first = { until: now() + PREROLL_CACHE_SECONDS * 1000, id: defaultChannel(db).then((c) => c?.id ?? null) };
      const channelId = await first.id;
      if (channelId === null) return null;
      return (await list(channelId)).prerolls.find((p) => p.id === id) ?? null;
    },
  };
}

/** An event's categories and every one above them. */
function withAncestors(ids: number[], parents: Map<number, number | null>): number[] {
  const all = new Set<number>();
  for (let id of ids) {
    for (let depth = 0; depth < 8 && !all.has(id); depth++) {
      all.add(id);
      const parent = parents.get(id);
      if (parent === null || parent === undefined) break;
      id = parent;
    }
  }
  return [...all];
}

/** The pre-roll the caller sees before this game, or null: for a fan, with their `no_ads` and
 *  their dismissals; for a visitor, the one every visitor gets (the web app keeps their
 *  dismissal). Only for a game they may watch now (live or finished). */
export async function prerollForGame(
  deps: Pick<Deps, 'db' | 'prerolls'>,
  caller: Pick<Caller, 'channel' | 'user' | 'viewer'>,
  game: { location_id: number | null; event_category_id: number | null; event_categories: { id: number }[] },
): Promise<PrerollPlay | null> {
  const { prerolls, parents } = await deps.prerolls.list(caller.channel.id);
  if (prerolls.length === 0) return null;
  const nowS = Math.floor(Date.now() / 1000);
  const categoryIds = [...(game.event_category_id === null ? [] : [game.event_category_id]), ...game.event_categories.map((c) => c.id)];
  const user = caller.user;
  const viewer = {
    capabilities: user ? capabilitiesOf(user, caller.viewer.entitlements) : [],
    dismissed: user ? await dismissalsOf(deps.db, user.id, new Date((nowS - PREROLL_DISMISS_SECONDS) * 1000)) : {},
  };
  const found = prerollFor(prerolls, { location_id: game.location_id, category_ids: withAncestors(categoryIds, parents) }, viewer, nowS);
  return found ? { id: found.id, duration: found.duration, skip_after_seconds: found.skip_after_seconds, has_link: found.link !== null } : null;
}

async function known(deps: Pick<Deps, 'prerolls'>, caller: Pick<Caller, 'channel'>, id: number): Promise<StoredPreroll> {
  const found = (await deps.prerolls.list(caller.channel.id)).prerolls.find((p) => p.id === id);
  if (!found) throw notFound('No such pre-roll');
  return found;
}

/** A viewer skipped or finished a pre-roll: a fan's dismissal is kept (an hour of no ad); a skip
 *  is counted (preroll_skip). */
export async function dismissPreroll(
  deps: Pick<Deps, 'db' | 'prerolls' | 'prerollMoments'>,
  caller: Pick<Caller, 'channel' | 'user'>,
  id: number,
  reason: 'skip' | 'complete',
): Promise<{ dismissed_until: number | null }> {
  const preroll = await known(deps, caller, id);
  const now = Date.now();
  if (reason === 'skip')
    deps.prerollMoments({
      name: 'preroll_skip',
      preroll_id: preroll.id,
      scope: null,
      user_id: caller.user?.id ?? null,
      channel_id: caller.channel.id,
      at: now,
    });
  if (!caller.user) return { dismissed_until: null };
  await recordDismissal(deps.db, caller.user.id, preroll.id, new Date(now));
  return { dismissed_until: Math.floor(now / 1000) + PREROLL_DISMISS_SECONDS };
}

/** A viewer follows a pre-roll's link: counted (preroll_click); its address. */
export async function clickPreroll(
  deps: Pick<Deps, 'prerolls' | 'prerollMoments'>,
  caller: Pick<Caller, 'channel' | 'user'>,
  id: number,
): Promise<{ link: string }> {
  const preroll = await known(deps, caller, id);
  if (!preroll.link) throw notFound('This pre-roll has no link');
  deps.prerollMoments({
    name: 'preroll_click',
    preroll_id: preroll.id,
    scope: null,
    user_id: caller.user?.id ?? null,
    channel_id: caller.channel.id,
    at: Date.now(),
  });
  return { link: preroll.link };
}
