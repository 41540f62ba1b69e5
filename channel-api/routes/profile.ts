import type { Router } from 'express';
import { api, MSG, SERVER_MSG } from '../../contract/index.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { mailLink, userView } from '../auth/session.ts';
import { HttpError } from '../http/errors.ts';
import { mount, requireUser, type Deps } from '../http/route.ts';
import type { NewUser } from '../repo/users.ts';
import { isUniqueViolation, normaliseEmail, updateUser, userByEmail } from '../repo/users.ts';
import { endUserSessions } from '../repo/sessions.ts';

/* The signed-in fan's profile: read, edit, and what they may do. */

export function profileRoutes(router: Router, deps: Deps) {
  const { db } = deps;

  mount(router, deps, api.profile, async (ctx) => ({ data: await userView(ctx, requireUser(ctx)) }));

  mount(router, deps, api.userAccess, async (ctx) => {
    const user = requireUser(ctx);
    return {
      data: {
        capabilities: user.capabilities.map((c) => c.toLowerCase()),
        featureCount: { clips: user.clipsCount, downloads: user.downloadsCount },
        trial_period_used: user.trialPeriodUsed,
      },
    };
  });

  mount(router, deps, api.updateProfile, async (ctx) => {
    const user = requireUser(ctx);
    const { params } = ctx;
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
        if (!current) throw new HttpError(400, `current_password: ${MSG.required}`, { current_password: [MSG.required] });
        if (!(await verifyPassword(current, user.passwordHash))) throw new HttpError(422, SERVER_MSG.wrongAuth, { current_password: [SERVER_MSG.wrongAuth] });
      }
      Object.assign(changes, { passwordHash: await hashPassword(params.password), temporaryPassword: false });
    }
    const taken = () => new HttpError(422, SERVER_MSG.emailTaken, { email: [SERVER_MSG.emailTaken] });
    if (emailChanged && (await userByEmail(db, ctx.channel.id, params.email as string))) throw taken();
    const updated = await db
      .transaction(async (tx) => {
        const row = await updateUser(tx, user.id, changes);
        // A new password signs out every other session (a thief's included), not this one.
        if (params.password !== undefined) await endUserSessions(tx, user.id, ctx.apiKey ?? undefined);
        return row;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw taken(); // taken between the check and the update
        throw error;
      });
    if (emailChanged) await mailLink(ctx, 'verify', updated);
    return { data: await userView(ctx, updated) };
  });
}
