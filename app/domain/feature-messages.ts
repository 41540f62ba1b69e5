import type { RefusalCode } from '#contract';
import type { Refusal } from '~/channel/refusal.server';
import { USER_MSG } from './auth-messages';
import { GEO_BLOCKED_MESSAGE } from './watch-messages';

/* What a fan reads when the channel refuses a download or a clip (issue 25): its reasons as they
 * are (written for people: "Downloads come with the Monthly subscription."), chosen by the
 * refusal's code, never by its English message; anything else is the spec's generic message. */

const SHOWN_AS_IS = new Set<RefusalCode>(['forbidden', 'no_capability', 'not_available']);

export function featureRefusalMessage(refusal: Pick<Refusal, 'kind' | 'code' | 'message'>): string {
  if (refusal.kind === 'outage') return USER_MSG.outage;
  // The game is not shown in the fan's region (ADR 054): the spec's words, as the watch page says.
  if (refusal.code === 'geo_blocked') return GEO_BLOCKED_MESSAGE;
  return SHOWN_AS_IS.has(refusal.code) ? refusal.message : USER_MSG.generic;
}
