import { api, MSG, SERVER_MSG } from '../../contract/index.ts';
import { capabilitiesOf, holdsBasicPass, type Entitlement } from '../access.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { rememberAccount } from './account-memory.ts';
import { mailLink, rememberLocale, userView } from './sign-in.ts';
import { HttpError } from '../http/errors.ts';
import { accountLocale } from '../mail/account-locale.ts';
import { endUserSessions } from '../repo/sessions.ts';
import { isUniqueViolation, normaliseEmail, updateUser, userByEmail, type NewUser, type UserRow } from '../repo/users.ts';

/* The signed-in fan's profile: what they may do, and editing it. */

export function accessOf(user: UserRow, entitlements: Entitlement[]) {
  return {
    capabilities: capabilitiesOf(user, entitlements),
    featureCount: { clips: user.clipsCount, downloads: user.downloadsCount },
    trial_period_used: user.trialPeriodUsed,
    has_basic_pass: holdsBasicPass(entitlements),
  };
}

/** Names, news opt-in, a new address (verified again by mail) and a new password (the current
 *  one is asked unless the account has none or a temporary one; other sessions end). */
export async function updateProfile(deps: Deps, caller: Caller, user: UserRow, params: ParamsOf<typeof api.updateProfile>) {
  const { db } = deps;
  const changes: Partial<NewUser> = {};
  if (params.first_name !== undefined) changes.firstName = params.first_name;
  if (params.last_name !== undefined) changes.lastName = params.last_name;
  if (params.news_opt_in !== undefined) changes.newsOptIn = params.news_opt_in;
  const emailChanged = params.email !== undefined && normaliseEmail(params.email) !== user.email;
  if (emailChanged) Object.assign(changes, { email: params.email, emailVerifiedAt: null });
  if (params.password !== undefined) {
    // A temporary password, or none yet (social sign-in), is replaced without the old one.
    if (user.passwordHash && !user.temporaryPassword) {
      const current = params.current_password ?? '';
      if (!current) throw new HttpError(400, 'invalid_params', `current_password: ${MSG.required}`, { current_password: [MSG.required] });
      if (!(await verifyPassword(current, user.passwordHash)))
        throw new HttpError(422, 'wrong_credentials', SERVER_MSG.wrongAuth, { current_password: [SERVER_MSG.wrongAuth] });
    }
    Object.assign(changes, { passwordHash: await hashPassword(params.password), temporaryPassword: false });
  }
  const taken = () => new HttpError(422, 'email_taken', SERVER_MSG.emailTaken, { email: [SERVER_MSG.emailTaken] });
  if (emailChanged && (await userByEmail(db, caller.channel.id, params.email as string))) throw taken();
  const updated = await db
    .transaction(async (tx) => {
      // The address it leaves keeps the account's spent trial and first purchase (ADR 027).
      if (emailChanged) await rememberAccount(tx, deps.signing, user);
      const row = await updateUser(tx, user.id, changes);
      // A new password signs out every other session (a thief's included), not this one.
      if (params.password !== undefined) await endUserSessions(tx, user.id, caller.apiKey ?? undefined);
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw taken(); // taken between the check and the update
      throw error;
    });
  if (emailChanged) await mailLink(deps, caller, 'verify', updated);
  return userView(deps, caller, updated);
}

/** The language form of a signed-in fan (ADR 055): kept on a multilanguage channel; the answer is
 *  the language their mails are in (English on a channel with multilanguage off). */
export async function setLanguage(deps: Deps, caller: Caller, user: UserRow, params: ParamsOf<typeof api.setLanguage>) {
  const kept = await rememberLocale(deps, { ...caller, locale: params.language }, user);
  return { language: accountLocale(caller.channel, kept) };
}
