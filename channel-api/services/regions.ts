import { blockedIn, REGION_REFUSAL } from '../../contract/regions.ts';
import type { Caller } from '../deps.ts';
import { HttpError } from '../http/errors.ts';

/* Whether the caller's region may have a game (ADR 054): the channel's blocked countries and the
   game's blackout, for the country geo/regions.ts decided for this call. Every call that hands
   out a game — its stream and grant, a clip of it, its download — asks here. */

/** Whether the game is blocked or blacked out in the caller's country. */
export const blockedForCaller = ({ geo, channel }: Pick<Caller, 'geo' | 'channel'>, blackout: readonly string[]): boolean =>
  blockedIn(geo.country_code, { blockedCountries: channel.blockedCountries, blackoutCountries: blackout });

/** The refusal of anything of a game the caller's region may not have. */
export const regionRefusal = () => new HttpError(403, REGION_REFUSAL.code, REGION_REFUSAL.message);

/** Refuses (403 geo_blocked) when the game is blocked or blacked out in the caller's country. */
export function refuseBlockedRegion(caller: Pick<Caller, 'geo' | 'channel'>, blackout: readonly string[]): void {
  if (blockedForCaller(caller, blackout)) throw regionRefusal();
}
