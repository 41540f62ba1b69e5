import { z } from 'zod';
import { ALERT_KINDS, ALERT_MSG, type AlertSubscription } from '../../contract/index.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { turnAlertOff } from '../repo/alerts.ts';
import { followsOf } from '../repo/follows.ts';
import { userById } from '../repo/users.ts';

/* An alert mail's unsubscribe address (RFC 8058): its token, signed by us ('alert-unsubscribe',
 * no expiry: an old mail's link still works), names the fan, the follows whose alert sent the
 * mail and the kind. Describing it changes nothing; confirming turns that alert off on those
 * follows at once, and again changes nothing more. A token of another channel's fan, or one we
 * did not sign, is not found. */

const claimsSchema = z.object({
  u: z.number().int().positive(),
  f: z.array(z.number().int().positive()).max(1000),
  k: z.enum(ALERT_KINDS),
});

async function subscription(deps: Deps, caller: Caller, token: string) {
  const parsed = claimsSchema.safeParse(deps.signing.claims('alert-unsubscribe', token));
  const user = parsed.success ? await userById(deps.db, parsed.data.u) : undefined;
  if (!parsed.success || !user || user.channelId !== caller.channel.id) throw notFound(ALERT_MSG.badToken);
  return parsed.data;
}

async function described(deps: Deps, caller: Caller, claims: z.infer<typeof claimsSchema>): Promise<AlertSubscription> {
  const follows = (await followsOf(deps.db, caller.channel.id, claims.u)).filter((f) => claims.f.includes(f.id));
  return {
    kind: claims.k,
    lead_minutes: deps.alertLeadMinutes,
    follows: follows.map((f) => ({ id: f.id, name: f.name, favoritable_type: f.favoritable_type })),
    on: follows.some((f) => (claims.k === 'go-live' ? f.alert_go_live : f.alert_reminder)),
  };
}

export async function describeUnsubscribe(deps: Deps, caller: Caller, token: string): Promise<AlertSubscription> {
  return described(deps, caller, await subscription(deps, caller, token));
}

export async function unsubscribe(deps: Deps, caller: Caller, token: string): Promise<AlertSubscription> {
  const claims = await subscription(deps, caller, token);
  await turnAlertOff(deps.db, claims.u, claims.f, claims.k);
  return described(deps, caller, claims);
}
