import { api, FOLLOW_MSG, type Follow } from '../../contract/index.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { planAlerts } from './alerts.ts';
import { notFound, refusal } from '../http/errors.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { listEvents } from '../repo/events.ts';
import { deleteFollow, followsOf, followable, followedBy, insertFollow, setFollowAlerts } from '../repo/follows.ts';
import type { UserRow } from '../repo/users.ts';

/* What a fan follows (spec sections 3, 5, 7: favorites): every call is the signed-in fan's own. */

/** The signed-in fan, or the spec's 401 for a visitor. */
function follower(caller: Caller): UserRow {
  if (!caller.user) throw refusal(401, FOLLOW_MSG.loggedIn);
  return caller.user;
}

export const followsOfFan = (deps: Deps, caller: Caller): Promise<Follow[]> => followsOf(deps.db, caller.channel.id, follower(caller).id);

/** Follows a school, team, division, sport, game or venue of the channel; following it again
 *  answers the same follow. */
export async function follow(deps: Deps, caller: Caller, params: ParamsOf<typeof api.addFollow>): Promise<Follow> {
  const fan = follower(caller);
  const { favoritable_type: type, favoritable_id: id } = params;
  const added = (await followable(deps.db, caller.channel.id, type, id)) ? await insertFollow(deps.db, caller.channel.id, fan.id, type, id) : null;
  if (!added) throw refusal(404, FOLLOW_MSG.itemNotFound, { favoritable_id: [FOLLOW_MSG.itemNotFound] });
  return added;
}

/** Sets the alert opt-ins of the fan's own follows among those named (another's, or one gone,
 *  changes nothing); those turned on plan their near games' mails at once, so a game within the
 *  hour is not left to the sweeper. */
export async function setAlerts(deps: Deps, caller: Caller, params: ParamsOf<typeof api.followAlerts>): Promise<Follow[]> {
  const fan = follower(caller);
  const alerts = params.alerts.map((a) => ({ id: a.id, goLive: a.go_live, reminder: a.reminder }));
  const saved = await setFollowAlerts(deps.db, caller.channel.id, fan.id, alerts);
  // Once for the fan: a job is sent once per game, kind and fan, so what was planned stays as it is.
  if (saved.some((f) => f.alert_go_live || f.alert_reminder)) await planAlerts(deps, { userId: fan.id });
  return saved;
}

/** Unfollows one of the fan's own follows; another's, or one already gone, is not found. */
export async function unfollow(deps: Deps, caller: Caller, id: number): Promise<Follow> {
  const deleted = await deleteFollow(deps.db, caller.channel.id, follower(caller).id, id);
  if (!deleted) throw notFound(FOLLOW_MSG.notFound);
  return deleted;
}

/** The games of everything the fan follows, each once, filtered and paged as GET /events. */
export const followedGames = (deps: Deps, caller: Caller, q: ParamsOf<typeof api.followedEvents>) =>
  listEvents(deps.db, caller.channel.id, q, nowSeconds(), followedBy(follower(caller).id));
