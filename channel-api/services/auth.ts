import { rememberedFor } from './account-memory.ts';
import { forgetFailedSignIns, startSignInAttempt } from './sign-in-limits.ts';
import { mailLink, refuseSignedIn, signIn } from './sign-in.ts';
import { api, SERVER_MSG, type RefusalCode } from '../../contract/index.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../auth/password.ts';
import { checkRecaptcha } from '../auth/recaptcha.ts';
import { verifySocial } from '../auth/social.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { callerLocale } from '../mail/account-locale.ts';
import { endSession, endUserSessions } from '../repo/sessions.ts';
import { createToken, findToken, spendAllTokens, spendToken, tokenState } from '../repo/tokens.ts';
import { insertUser, linkIdentity, updateUser, userByEmail, userById, userByIdentity, type UserRow } from '../repo/users.ts';

/* Spec section 7, Auth: sign-in, registration, verification, password reset, social sign-in.
 * Each function is one endpoint's rules; routes/auth.ts only mounts them. */

const refuse = (status: number, code: RefusalCode, message: string, field?: string) =>
  new HttpError(status, code, message, field ? { [field]: [message] } : undefined);

export async function register(deps: Deps, caller: Caller, params: ParamsOf<typeof api.register>) {
  refuseSignedIn(caller);
  await checkRecaptcha(deps.recaptcha, params.recaptcha_token, caller.ip || undefined);
  const user = await insertUser(deps.db, {
    ...(await rememberedFor(deps.db, deps.signing, caller.channel.id, params.email)),
    channelId: caller.channel.id,
    email: params.email,
    firstName: params.first_name,
    lastName: params.last_name,
    passwordHash: await hashPassword(params.password),
    newsOptIn: params.news_opt_in,
    termsAcceptedAt: new Date(),
    locale: callerLocale(caller),
  });
  if (!user) throw refuse(422, 'email_taken', SERVER_MSG.emailTaken, 'email');
  await mailLink(deps, caller, 'verify', user);
  return { message: 'We have sent you a link to verify your email address.', email: user.email };
}

export async function login(deps: Deps, caller: Caller, params: ParamsOf<typeof api.login>) {
  refuseSignedIn(caller);
  await checkRecaptcha(deps.recaptcha, params.recaptcha_token, caller.ip || undefined);
  // Refused (429) past the sign-in limits; counted as a failure unless the password is right.
  const attempt = await startSignInAttempt(deps, caller, params.email);
  let user: UserRow | null;
  try {
    user = await userWithPassword(deps, caller.channel.id, params.email, params.password);
  } catch (error) {
    await attempt.withdraw();
    throw error;
  }
  if (!user) throw refuse(422, 'wrong_credentials', SERVER_MSG.wrongAuth);
  await attempt.succeeded();
  if (!user.emailVerifiedAt) {
    await mailLink(deps, caller, 'verify', user);
    throw refuse(422, 'not_verified', SERVER_MSG.notVerified, 'email');
  }
  return signIn(deps, caller, user);
}

/** The account of `email` when `password` is its password; the same work either way. */
async function userWithPassword(deps: Deps, channelId: number, email: string, password: string): Promise<UserRow | null> {
  const user = await userByEmail(deps.db, channelId, email);
  if (!user?.passwordHash) {
    await spendPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

export async function logout(deps: Deps, apiKey: string) {
  await endSession(deps.db, apiKey);
  return { message: 'You have been logged out.' };
}

/** Signs in with a provider's token (Google's ID token, Facebook's access token): the linked account, else the account of the same
 *  (provider-verified) address, else a new account when the fan accepted the terms. */
export async function socialSignIn(deps: Deps, caller: Caller, params: ParamsOf<typeof api.social>) {
  refuseSignedIn(caller);
  const identity = await verifySocial(deps.social, params.provider, params);
  const { db } = deps;
  let user = await userByIdentity(db, caller.channel.id, params.provider, identity.subject);
  if (!user) {
    const byEmail = await userByEmail(db, caller.channel.id, identity.email);
    // Linking to an existing account on an address the provider has not checked would let
    // anyone with a provider account claim someone else's fan account.
    if (byEmail && !identity.emailVerified)
      throw refuse(400, 'wrong_credentials', SERVER_MSG.wrongAuth, params.provider === 'facebook' ? 'access_token' : 'id_token');
    if (byEmail) user = byEmail;
    else if (params.terms !== true) throw refuse(422, 'not_registered', SERVER_MSG.notRegistered, 'terms');
    else {
      user = await insertUser(db, {
        ...(await rememberedFor(db, deps.signing, caller.channel.id, identity.email)),
        channelId: caller.channel.id,
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        emailVerifiedAt: identity.emailVerified ? new Date() : null,
        newsOptIn: params.news_opt_in ?? false,
        termsAcceptedAt: new Date(),
        locale: callerLocale(caller),
      });
      // Registered a moment ago by a concurrent request.
      user ??= await userByEmail(db, caller.channel.id, identity.email);
      if (!user) throw refuse(422, 'email_taken', SERVER_MSG.emailTaken, 'email');
    }
    await linkIdentity(db, user, params.provider, identity.subject);
    if (!user.emailVerifiedAt && identity.emailVerified) user = await updateUser(db, user.id, { emailVerifiedAt: new Date() });
  }
  return signIn(deps, caller, user);
}

export async function verifyEmail(deps: Deps, caller: Caller, params: ParamsOf<typeof api.emailVerify>) {
  const { db } = deps;
  const failed = () => refuse(400, 'verification_failed', SERVER_MSG.verificationFailed, 'token');
  const token = await findToken(db, 'verify', params.token);
  const user = token && (await userById(db, token.userId));
  // A link for an address the user has since changed verifies nothing.
  if (!token || !user || user.channelId !== caller.channel.id || token.email !== user.email) throw failed();
  if (user.emailVerifiedAt) throw refuse(400, 'already_verified', SERVER_MSG.alreadyVerified, 'token');
  if (tokenState(token) !== 'valid') throw failed();
  const code = await db.transaction(async (tx) => {
    if (!(await spendToken(tx, token.id))) return null;
    await updateUser(tx, user.id, { emailVerifiedAt: new Date() });
    return (await createToken(tx, user.id, 'session_code')).token;
  });
  if (!code) throw refuse(400, 'already_verified', SERVER_MSG.alreadyVerified, 'token');
  return { message: 'Your email address is verified.', code };
}

/** Trades a one-time sign-in code (from a verified e-mail link) for a signed-in session. */
export async function addSession(deps: Deps, caller: Caller, params: ParamsOf<typeof api.addSession>) {
  const { db } = deps;
  const failed = () => refuse(400, 'verification_failed', SERVER_MSG.verificationFailed, 'code');
  const token = await findToken(db, 'session_code', params.code);
  if (!token || tokenState(token) !== 'valid') throw failed();
  const user = await userById(db, token.userId);
  if (!user || user.channelId !== caller.channel.id) throw failed();
  if (!(await spendToken(db, token.id))) throw failed();
  return signIn(deps, caller, user);
}

export async function requestPasswordReset(deps: Deps, caller: Caller, params: ParamsOf<typeof api.passwordResetRequest>) {
  await checkRecaptcha(deps.recaptcha, params.recaptcha_token, caller.ip || undefined);
  const user = await userByEmail(deps.db, caller.channel.id, params.email);
  if (!user) throw refuse(404, 'user_not_found', SERVER_MSG.userNotFound, 'email');
  await mailLink(deps, caller, 'reset', user);
  return { message: 'We have sent you a link to reset your password.' };
}

export async function resetPassword(deps: Deps, caller: Caller, params: ParamsOf<typeof api.passwordReset>) {
  const { db } = deps;
  const token = await findToken(db, 'reset', params.token);
  const state = token && tokenState(token);
  if (state === 'expired') throw refuse(400, 'reset_expired', SERVER_MSG.resetExpired, 'token');
  const user: UserRow | undefined = token && state === 'valid' ? await userById(db, token.userId) : undefined;
  if (!token || !user || user.channelId !== caller.channel.id) throw refuse(400, 'reset_failed', SERVER_MSG.resetFailed, 'token');
  const passwordHash = await hashPassword(params.password);
  const done = await db.transaction(async (tx) => {
    if (!(await spendToken(tx, token.id))) return false;
    await spendAllTokens(tx, user.id, 'reset');
    // The mail reached the fan, so the address is theirs.
    await updateUser(tx, user.id, { passwordHash, temporaryPassword: false, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    await endUserSessions(tx, user.id);
    return true;
  });
  if (!done) throw refuse(400, 'reset_failed', SERVER_MSG.resetFailed, 'token');
  // The mailbox's owner chose a new password: others' guesses at the old one no longer lock them out.
  await forgetFailedSignIns(deps, user.channelId, user.email);
  return { message: 'Your password has been changed. Please log in with your new password.' };
}
