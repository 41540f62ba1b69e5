import type { RefusalCode } from '#contract';
import { ChannelError } from './errors.server';

/* The one reading of a failed channel call, for every route, the channel client and the form reply
   (forms/reply.server.ts): what kind of refusal it is, from its status and its code (contract/refusals.ts),
   never from its English message, which is only ever shown. */

/**
 * - `outage`: the channel is down, slow, answered nonsense or will not take our keys (5xx, 502/504
 *   of the client, `no_key`): the 'Whoops!' screen, or the form's outage message (spec section 8);
 * - `throttled`: a 429 the caller asked to answer itself (CallOptions.handles429);
 * - `signed-out`: a 401, the fan's session ended (`channel.asUser` sends them to log in);
 * - `not-found`: a 404, no such event, pass, order, gift;
 * - `conflict`: a 409, the thing is not in a state that allows this now;
 * - `invalid`: any other 4xx, said on the form's fields (`errors`) or as the form's message.
 */
export type RefusalKind = 'outage' | 'throttled' | 'signed-out' | 'not-found' | 'conflict' | 'invalid';

export interface Refusal {
  kind: RefusalKind;
  code: RefusalCode;
  /** The channel's reason, written for people: shown (app/domain/*-messages.ts), never compared. */
  message: string;
  /** Per-field reasons (`errors.email: ['...']`). */
  errors: Record<string, string[]>;
  /** A 429's Retry-After, when the channel gave one. */
  retryAfterSeconds?: number;
}

/** A channel error sorted into a Refusal; anything else (a thrown Response, a bug) is thrown on, so
 *  a route's `catch (error) { const refusal = refusalOf(error); … }` handles channel refusals only. */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ChannelError)) throw error;
  return { kind: kindOf(error), code: error.code, message: error.message, errors: error.errors, retryAfterSeconds: error.retryAfterSeconds };
}

function kindOf(error: ChannelError): RefusalKind {
  if (error.status >= 500 || error.code === 'no_key' || error.isKeyError) return 'outage';
  if (error.status === 429) return 'throttled';
  if (error.status === 401) return 'signed-out';
  if (error.status === 404) return 'not-found';
  if (error.status === 409) return 'conflict';
  return 'invalid';
}
