import { ORDER_MSG } from '../../contract/index.ts';
import { ownsSubscription, trialOpen } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { choiceIds, choiceKind, needsRegularPass } from './package-choices.ts';
import { notFound } from '../http/errors.ts';
import { namesOf, packageById, packagesOf, subscriptionById, type PackageOut, type SubscriptionOut } from '../repo/catalogue.ts';
import { ownedChoices } from '../repo/orders.ts';

/* The product pages (GET packages/{id}, GET subscriptions/{id}): a product with what the caller
   already owns of it, and what they may still buy. */

/** GET packages/{id}: the package with what the caller owns of it; another channel's is not found. */
export async function packagePage(deps: Deps, caller: Caller, id: number) {
  const pkg = await packageById(deps.db, caller.channel.id, id);
  if (!pkg) throw notFound(ORDER_MSG.passNotFound);
  return packageView(deps, caller, pkg);
}

/** GET subscriptions/{id}: the plan with whether the caller has it and may still start its trial. */
export async function subscriptionPage(deps: Deps, caller: Caller, id: number) {
  const sub = await subscriptionById(deps.db, caller.channel.id, id);
  if (!sub) throw notFound(ORDER_MSG.passNotFound);
  return subscriptionView(caller, sub);
}

/** What the /packages/{id} and /subscriptions/{id} pages need beyond the catalogue. */
export async function packageView(deps: Deps, caller: Caller, pkg: PackageOut) {
  const kind = choiceKind(pkg);
  const ids = choiceIds(pkg);
  const owned = caller.user ? await ownedChoices(deps.db, caller.user.id, pkg.id) : { categories: [], participants: [] };
  const ownedIds = kind === 'participant' ? owned.participants : owned.categories;
  const names = await namesOf(deps.db, caller.channel.id, kind, ids);
  const choices = ids.map((id) => ({ id, name: names.get(id) ?? `#${id}`, owned: ownedIds.includes(id) }));
  return {
    ...pkg,
    purchased: pkg.type === 'package' && choices.length > 0 && choices.every((c) => c.owned),
    disabledCategories: owned.categories.filter((id) => kind === 'category' && ids.includes(id)),
    disabledParticipants: owned.participants.filter((id) => kind === 'participant' && ids.includes(id)),
    choices,
    needs_regular_pass: await needsRegularPass(deps, caller.user, pkg),
    add_ons: await addOnsOf(deps, caller, pkg),
  };
}

/** A regular pass's add-ons, each with the choices of the pass it covers. */
async function addOnsOf(deps: Deps, caller: Caller, pkg: PackageOut) {
  if (pkg.kind !== 'regular' || pkg.type !== 'package') return [];
  const all = await packagesOf(deps.db, caller.channel.id);
  const offered = choiceIds(pkg);
  return all
    .filter((p) => p.kind === 'additional' && p.parent_pass_id === pkg.id)
    .map((p) => ({ id: p.id, name: p.name, description: p.description, base_price: p.base_price, choices: choiceIds(p).filter((c) => offered.includes(c)) }))
    .filter((p) => p.choices.length > 0);
}

export function subscriptionView(caller: Pick<Caller, 'user' | 'viewer'>, sub: SubscriptionOut) {
  return {
    ...sub,
    purchased: ownsSubscription(caller.viewer.entitlements, sub.id),
    trial_available: trialOpen(sub, caller.user),
  };
}
