import type { Router } from 'express';
import { api, SERVER_MSG } from '../../contract/index.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../auth/password.ts';
import { checkRecaptcha } from '../auth/recaptcha.ts';
import { mailLink, refuseSignedIn, signIn } from '../auth/session.ts';
import { verifyIdToken } from '../auth/social.ts';
import { HttpError } from '../http/errors.ts';
import { mount, requireUser, type Deps } from '../http/route.ts';
import { endSession, endUserSessions } from '../repo/sessions.ts';
import { createToken, findToken, spendAllTokens, spendToken, tokenState } from '../repo/tokens.ts';
import { insertUser, linkIdentity, updateUser, userByEmail, userById, userByIdentity } from '../repo/users.ts';

/* Spec section 7, Auth: sign-in, registration, verification, password reset, social sign-in. */

const refuse = (status: number, message: string, field?: string) => new HttpError(status, message, field ? { [field]: [message] } : undefined);

export function authRoutes(router: Router, deps: Deps) {
  const { db } = deps;

  mount(router, deps, api.register, async (ctx) => {
    const { params } = ctx;
    refuseSignedIn(ctx);
    await checkRecaptcha(deps.recaptcha, params.recaptcha_token, ctx.req.ip);
    const user = await insertUser(db, {
      channelId: ctx.channel.id,
      email: params.email,
      firstName: params.first_name,
      lastName: params.last_name,
      passwordHash: await hashPassword(params.password),
      newsOptIn: params.news_opt_in,
      termsAcceptedAt: new Date(),
    });
    if (!user) throw refuse(422, SERVER_MSG.emailTaken, 'email');
    await mailLink(ctx, 'verify', user);
    return { data: { message: 'We have sent you a link to verify your email address.', email: user.email } };
  });

  mount(router, deps, api.login, async (ctx) => {
    const { params } = ctx;
    refuseSignedIn(ctx);
    await checkRecaptcha(deps.recaptcha, params.recaptcha_token, ctx.req.ip);
    const user = await userByEmail(db, ctx.channel.id, params.email);
    if (!user?.passwordHash) {
      await spendPasswordCheck(params.password);
      throw refuse(422, SERVER_MSG.wrongAuth);
    }
    if (!(await verifyPassword(params.password, user.passwordHash))) throw refuse(422, SERVER_MSG.wrongAuth);
    if (!user.emailVerifiedAt) {
      await mailLink(ctx, 'verify', user);
      throw refuse(422, SERVER_MSG.notVerified, 'email');
    }
    return { data: await signIn(ctx, user) };
  });

  mount(router, deps, api.logout, async (ctx) => {
    requireUser(ctx);
    await endSession(db, ctx.apiKey as string);
    return { data: { message: 'You have been logged out.' } };
  });

  mount(router, deps, api.social, async (ctx) => {
    const { params } = ctx;
    refuseSignedIn(ctx);
    const identity = await verifyIdToken(deps.social, params.provider, params.id_token);
    let user = await userByIdentity(db, ctx.channel.id, params.provider, identity.subject);
    if (!user) {
      const byEmail = await userByEmail(db, ctx.channel.id, identity.email);
      // Linking to an existing account on an address the provider has not checked would let
      // anyone with a provider account claim someone else's fan account.
      if (byEmail && !identity.emailVerified) throw refuse(400, SERVER_MSG.wrongAuth, 'id_token');
      if (byEmail) user = byEmail;
      else if (params.terms !== true) throw refuse(422, SERVER_MSG.notRegistered, 'terms');
      else {
        user = await insertUser(db, {
          channelId: ctx.channel.id,
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          emailVerifiedAt: identity.emailVerified ? new Date() : null,
          newsOptIn: params.news_opt_in ?? false,
          termsAcceptedAt: new Date(),
        });
        // Registered a moment ago by a concurrent request.
        user ??= await userByEmail(db, ctx.channel.id, identity.email);
        if (!user) throw refuse(422, SERVER_MSG.emailTaken, 'email');
      }
      await linkIdentity(db, user, params.provider, identity.subject);
      if (!user.emailVerifiedAt && identity.emailVerified) user = await updateUser(db, user.id, { emailVerifiedAt: new Date() });
    }
    return { data: await signIn(ctx, user) };
  });

  mount(router, deps, api.emailVerify, async (ctx) => {
    const failed = () => refuse(400, SERVER_MSG.verificationFailed, 'token');
    const token = await findToken(db, 'verify', ctx.params.token);
    const user = token && (await userById(db, token.userId));
    // A link for an address the user has since changed verifies nothing.
    if (!token || !user || user.channelId !== ctx.channel.id || token.email !== user.email) throw failed();
    if (user.emailVerifiedAt) throw refuse(400, SERVER_MSG.alreadyVerified, 'token');
    if (tokenState(token) !== 'valid') throw failed();
    const code = await db.transaction(async (tx) => {
      if (!(await spendToken(tx, token.id))) return null;
      await updateUser(tx, user.id, { emailVerifiedAt: new Date() });
      return (await createToken(tx, user.id, 'session_code')).token;
    });
    if (!code) throw refuse(400, SERVER_MSG.alreadyVerified, 'token');
    return { data: { message: 'Your email address is verified.', code } };
  });

  mount(router, deps, api.addSession, async (ctx) => {
    const failed = () => refuse(400, SERVER_MSG.verificationFailed, 'code');
    const token = await findToken(db, 'session_code', ctx.params.code);
    if (!token || tokenState(token) !== 'valid') throw failed();
    const user = await userById(db, token.userId);
    if (!user || user.channelId !== ctx.channel.id) throw failed();
    if (!(await spendToken(db, token.id))) throw failed();
    return { data: await signIn(ctx, user) };
  });

  mount(router, deps, api.passwordResetRequest, async (ctx) => {
    await checkRecaptcha(deps.recaptcha, ctx.params.recaptcha_token, ctx.req.ip);
    const user = await userByEmail(db, ctx.channel.id, ctx.params.email);
    if (!user) throw refuse(404, SERVER_MSG.userNotFound, 'email');
    await mailLink(ctx, 'reset', user);
    return { data: { message: 'We have sent you a link to reset your password.' } };
  });

  mount(router, deps, api.passwordReset, async (ctx) => {
    const token = await findToken(db, 'reset', ctx.params.token);
    const state = token && tokenState(token);
    if (state === 'expired') throw refuse(400, SERVER_MSG.resetExpired, 'token');
    const user = token && state === 'valid' ? await userById(db, token.userId) : undefined;
    if (!token || !user || user.channelId !== ctx.channel.id) throw refuse(400, SERVER_MSG.resetFailed, 'token');
    const passwordHash = await hashPassword(ctx.params.password);
    const done = await db.transaction(async (tx) => {
      if (!(await spendToken(tx, token.id))) return false;
      await spendAllTokens(tx, user.id, 'reset');
      // The mail reached the fan, so the address is theirs.
      await updateUser(tx, user.id, { passwordHash, temporaryPassword: false, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
      await endUserSessions(tx, user.id);
      return true;
    });
    if (!done) throw refuse(400, SERVER_MSG.resetFailed, 'token');
    return { data: { message: 'Your password has been changed. Please log in with your new password.' } };
  });
}
