import type { Capability } from '../../contract/index.ts';
import type { Caller, Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { packagesOf, subscriptionsOf } from '../repo/catalogue.ts';

/* What grants a capability a fan lacks (issue 25, ADR 038), in the one sentence every
 * `no_capability` refusal carries: which of the channel's products grant it is the channel's
 * data, so the sentence is read from it, never assumed ("a pass or a subscription"). */

/** The capabilities a fan can be refused, and what the sentence calls them. */
const NOUNS = { clipping: 'Clips', download: 'Downloads', download_clip: 'Clip downloads' } as const satisfies Partial<Record<Capability, string>>;

/** "Downloads come with the Monthly subscription or the Annual subscription.": the channel's
 *  products that grant it, cheapest first. */
async function grantedBy(deps: Deps, caller: Caller, capability: keyof typeof NOUNS): Promise<string> {
  const [passes, subs] = await Promise.all([packagesOf(deps.db, caller.channel.id), subscriptionsOf(deps.db, caller.channel.id)]);
  const names = [
    ...new Set(
      [...passes, ...subs]
        .filter((p) => p.capabilities.some((c) => c === capability))
        .sort((a, b) => a.price - b.price)
        .map((p) => p.name),
    ),
  ];
  const noun = NOUNS[capability];
  return names.length === 0
    ? `None of the passes or subscriptions of this channel include ${noun.toLowerCase()}.`
    : `${noun} come with ${names.map((n) => `the ${n}`).join(' or ')}.`;
}

/** The 403 for a fan without `capability`, saying what grants it. */
export async function noCapability(deps: Deps, caller: Caller, capability: keyof typeof NOUNS): Promise<HttpError> {
  return new HttpError(403, 'no_capability', await grantedBy(deps, caller, capability));
}
