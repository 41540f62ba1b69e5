import { z } from 'zod';
import * as e from './entities.ts';
import { DATES_IN_ORDER, datesInOrder, eventListFields } from './events.ts';
import { endpoint, envelope, id, pagedEnvelope } from './http.ts';

/* What a fan follows (spec sections 3, 5, 7, where the spec says "favorites"): the schools, teams,
   sports, divisions, venues and games they follow, and the games of everything they follow. The
   spec's paths (/favorites, /favorite, /events/favorite) and fields (favoritable_id,
   favoritable_type) keep its word; our own names say follow (docs/glossary.md). Every call needs a
   signed-in fan. */

/** What a fan can follow (spec section 5), as the channel names them. A team is a participant
 *  (a school's child), a sport an event category (with its boys'/girls' children). */
export const FAVORITABLE_TYPES = ['participant', 'participant_group', 'event_category', 'favorite_event', 'event_location'] as const;
export type FavoritableType = (typeof FAVORITABLE_TYPES)[number];

export const FOLLOW_MSG = {
  /** Spec section 5, word for word. */
  loggedIn: 'user must be logged in',
  /** Spec section 5: a string and one of the five. */
  type: `favoritable_type must be one of ${FAVORITABLE_TYPES.join(', ')}`,
  /** Not in the spec: the thing to follow is not in this channel. */
  itemNotFound: 'There is nothing to follow with this id',
  /** Not in the spec: DELETE of an id that is not one of the fan's follows. */
  notFound: 'You do not follow that',
  /** Not in the spec: the alert opt-ins are true or false. */
  alertFlag: 'must be true or false',
} as const;

export const favoritableType = z.enum(FAVORITABLE_TYPES, { errorMap: () => ({ message: FOLLOW_MSG.type }) });

/** What a followed thing is, as a fan calls it: a participant is a school, or a team when it has
 *  a parent (its school); a participant group is a division; an event category a sport. */
export const FOLLOW_KINDS = ['school', 'team', 'sport', 'division', 'venue', 'game'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** The kind of a followed thing from its spec type (and, for a participant, whether it has a parent). */
export function followKindOf(type: FavoritableType, hasParent: boolean): FollowKind {
  if (type === 'participant') return hasParent ? 'team' : 'school';
  return ({ participant_group: 'division', event_category: 'sport', favorite_event: 'game', event_location: 'venue' } as const)[type];
}

/** One followed thing, with what a list of them shows (its name, alias and picture). */
export const follow = z.object({
  id: z.number().int(),
  favoritable_id: z.number().int(),
  favoritable_type: favoritableType,
  /** Not in the spec: what it is (FOLLOW_KINDS), so a school and a team read apart. */
  kind: z.enum(FOLLOW_KINDS),
  name: z.string(),
  /** The readable address's alias (schools, teams, sports, divisions); null for a venue or a game. */
  alias: z.string().nullable(),
  image: z.string().nullable(),
  created_at: z.string(),
  /** Not in the spec: the fan's alert mails for this thing's games (issue 24): when a game
   *  starts, and `alert_lead_minutes` (GET /favorites' meta) before it. */
  alert_go_live: z.boolean(),
  alert_reminder: z.boolean(),
});
export type Follow = z.infer<typeof follow>;

/** How long before a game its reminder mail goes (ALERT_LEAD_MINUTES), for the opt-in's label. */
const alertsMeta = z.object({ alert_lead_minutes: z.number().int().positive() });

/** Spec: GET /favorites — what the fan follows, oldest first. Not in the spec: `meta` says how long
 *  before a game its reminder mail goes (ALERT_LEAD_MINUTES), for the opt-in's label. */
export const follows = endpoint({
  name: 'follows',
  method: 'GET',
  path: '/favorites',
  auth: 'apiKey',
  params: z.object({}).strict(),
  response: z.object({ data: z.array(follow), meta: alertsMeta }),
});

const flag = z.boolean({ errorMap: () => ({ message: FOLLOW_MSG.alertFlag }) });

/** The most follows one save of alert opt-ins names (more than a channel has things to follow). */
export const FOLLOW_ALERTS_MAX = 2000;

/** Not in the spec (issue 24, 34): sets the two alert opt-ins of several of the fan's own follows
 *  at once (the alerts page's one Save), in one transaction. An id that is not one of the fan's
 *  follows (unfollowed meanwhile, or another's) changes nothing and is left out of the answer.
 *  Turning one on plans the mails of its games that are near. */
export const followAlerts = endpoint({
  name: 'followAlerts',
  method: 'POST',
  path: '/favorites/alerts',
  auth: 'apiKey',
  params: z
    .object({
      alerts: z
        .array(z.object({ id, go_live: flag, reminder: flag }).strict())
        .min(1)
        .max(FOLLOW_ALERTS_MAX)
        .refine((list) => new Set(list.map((a) => a.id)).size === list.length, 'each follow once'),
    })
    .strict(),
  /** The follows saved, with the lead the reminder goes at, as GET /favorites' meta, for the fan's confirmation. */
  response: z.object({ data: z.array(follow), meta: alertsMeta }),
});

/** Spec: POST /favorite. Following what the fan already follows answers that follow again. */
export const addFollow = endpoint({
  name: 'addFollow',
  method: 'POST',
  path: '/favorite',
  auth: 'apiKey',
  params: z.object({ favoritable_id: id, favoritable_type: favoritableType }).strict(),
  response: envelope(follow),
});

/** Spec: DELETE /favorite/{id} — one of the fan's own follows; another's is not found. */
export const deleteFollow = endpoint({
  name: 'deleteFollow',
  method: 'DELETE',
  path: '/favorite/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(follow),
});

export const followedEventsQuery = eventListFields.strict().refine(datesInOrder, DATES_IN_ORDER);
export type FollowedEventsQuery = z.input<typeof followedEventsQuery>;

/** Spec: GET /events/favorite — the games of everything the fan follows (a school's teams and a
 *  sport's children included, a division's schools and their teams), each game once. */
export const followedEvents = endpoint({
  name: 'followedEvents',
  method: 'GET',
  path: '/events/favorite',
  auth: 'apiKey',
  params: followedEventsQuery,
  response: pagedEnvelope(e.event),
});
