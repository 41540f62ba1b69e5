import { api, FAVORITE_MSG, type Favorite } from '../../contract/index.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { planAlerts } from './alerts.ts';
import { notFound, refusal } from '../http/errors.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { listEvents } from '../repo/events.ts';
import { deleteFavorite, favoritesOf, followable, followedBy, insertFavorite, setFavoriteAlerts } from '../repo/favorites.ts';
import type { UserRow } from '../repo/users.ts';

/* A fan's favorites (spec sections 3, 5, 7): every call is the signed-in fan's own. */

/** The signed-in fan, or the spec's 401 for a visitor. */
function follower(caller: Caller): UserRow {
  if (!caller.user) throw refusal(401, FAVORITE_MSG.loggedIn);
  return caller.user;
}

export const favoritesOfFan = (deps: Deps, caller: Caller): Promise<Favorite[]> => favoritesOf(deps.db, caller.channel.id, follower(caller).id);

/** Follows a school, team, division, sport, game or venue of the channel; following it again
 *  answers the same favorite. */
export async function follow(deps: Deps, caller: Caller, params: ParamsOf<typeof api.addFavorite>): Promise<Favorite> {
  const fan = follower(caller);
  const { favoritable_type: type, favoritable_id: id } = params;
  const added = (await followable(deps.db, caller.channel.id, type, id)) ? await insertFavorite(deps.db, caller.channel.id, fan.id, type, id) : null;
  if (!added) throw refusal(404, FAVORITE_MSG.itemNotFound, { favoritable_id: [FAVORITE_MSG.itemNotFound] });
  return added;
}

/** Sets the alert opt-ins of one of the fan's own favorites (another's is not found); one turned
 *  on plans its near games' mails at once, so a game within the hour is not left to the sweeper. */
export async function setAlerts(deps: Deps, caller: Caller, params: ParamsOf<typeof api.favoriteAlerts>): Promise<Favorite> {
  const fan = follower(caller);
  const updated = await setFavoriteAlerts(deps.db, caller.channel.id, fan.id, params.id, { goLive: params.go_live, reminder: params.reminder });
  if (!updated) throw notFound(FAVORITE_MSG.notFound);
  if (params.go_live || params.reminder) await planAlerts(deps, { userId: fan.id, favoriteId: updated.id });
  return updated;
}

/** Unfollows one of the fan's own favorites; another's, or one already gone, is not found. */
export async function unfollow(deps: Deps, caller: Caller, id: number): Promise<Favorite> {
  const deleted = await deleteFavorite(deps.db, caller.channel.id, follower(caller).id, id);
  if (!deleted) throw notFound(FAVORITE_MSG.notFound);
  return deleted;
}

/** The games of everything the fan follows, each once, filtered and paged as GET /events. */
export const followedGames = (deps: Deps, caller: Caller, q: ParamsOf<typeof api.favoriteEvents>) =>
  listEvents(deps.db, caller.channel.id, q, nowSeconds(), followedBy(follower(caller).id));
