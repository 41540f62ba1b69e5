import { ORDER_MSG } from '../../contract/orders.ts';
import type { Caller, Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { packageById, type PackageOut } from '../repo/catalogue.ts';
import { ownedChoices } from '../repo/orders.ts';
import type { UserRow } from '../repo/users.ts';

/* A package's choices (its categories, or a team pass's teams) and its add-ons: what a fan may
   choose of it, and what an add-on covers beside its regular pass. */

/** A package's choices: its categories, or a team pass's teams. */
export const choiceKind = (pkg: Pick<PackageOut, 'is_team_pass'>) => (pkg.is_team_pass ? 'participant' : 'category');
export const choiceIds = (pkg: Pick<PackageOut, 'is_team_pass' | 'participants' | 'event_categories'>) =>
  pkg.is_team_pass ? pkg.participants : pkg.event_categories;

/** An add-on counts as owned-with-its-pass when the fan owns any choice of the regular pass. */
export async function needsRegularPass(deps: Deps, user: UserRow | null, pkg: PackageOut): Promise<boolean> {
  if (pkg.kind !== 'additional' || pkg.parent_pass_id === null) return false;
  if (!user) return true;
  const owned = await ownedChoices(deps.db, user.id, pkg.parent_pass_id);
  return owned.categories.length + owned.participants.length === 0;
}

/** An add-on bought with its regular pass (add_on_id): it must be that pass's add-on, and covers the
 *  chosen choices it offers that the fan does not own yet (a gift's buyer: every chosen one). */
export async function addOnWith(deps: Deps, caller: Caller, user: UserRow | null, pass: PackageOut, addOnId: number, chosen: number[]) {
  const addOn = await packageById(deps.db, caller.channel.id, addOnId);
  if (!addOn || addOn.kind !== 'additional' || addOn.parent_pass_id !== pass.id)
    throw new HttpError(400, 'not_an_add_on', ORDER_MSG.notAnAddOn, { add_on_id: [ORDER_MSG.notAnAddOn] });
  const owned = user ? await ownedChoices(deps.db, user.id, addOn.id) : { categories: [], participants: [] };
  const ownedIds = choiceKind(addOn) === 'participant' ? owned.participants : owned.categories;
  const choices = chosen.filter((c) => choiceIds(addOn).includes(c) && !ownedIds.includes(c));
  if (choices.length === 0) throw new HttpError(400, 'not_a_choice', ORDER_MSG.notAChoice, { add_on_id: [ORDER_MSG.notAChoice] });
  return { pkg: addOn, choices };
}
