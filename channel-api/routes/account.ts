import type { Router } from 'express';
import { api, SERVER_MSG } from '../../contract/index.ts';
import { mailLink } from '../auth/session.ts';
import { HttpError } from '../http/errors.ts';
import { mount, requireUser, type Deps } from '../http/route.ts';
import { clipsOf, deleteAccount, ordersOf } from '../repo/account.ts';
import { findToken, tokenState } from '../repo/tokens.ts';
import { maskEmail, userById } from '../repo/users.ts';

/* The fan's own records (profile tabs) and account deletion by mailed confirmation. */

const badLink = () => new HttpError(400, SERVER_MSG.verificationFailed, { token: [SERVER_MSG.verificationFailed] });

export function accountRoutes(router: Router, deps: Deps) {
  const { db } = deps;

  mount(router, deps, api.orders, async (ctx) => {
    const user = requireUser(ctx);
    const { params } = ctx;
    return ordersOf(db, user.id, {
      limit: params.no_limit ? undefined : params.limit,
      offset: params.offset,
      activityStatus: params.activity_status,
    });
  });

  mount(router, deps, api.clipsUser, async (ctx) => ({ data: await clipsOf(db, requireUser(ctx).id) }));

  /** The deletion link's page asks before deleting: this tells it whose account the link is for. */
  async function validDeletion(channelId: number, token: string) {
    const row = await findToken(db, 'delete', token);
    const user = row && tokenState(row) === 'valid' ? await userById(db, row.userId) : undefined;
    if (!row || !user || user.channelId !== channelId) throw badLink();
    return { row, user };
  }

  mount(router, deps, api.deleteAccountInfo, async (ctx) => {
    const { row, user } = await validDeletion(ctx.channel.id, ctx.params.token);
    return { data: { email: maskEmail(user.email), expires_at: row.expiresAt.toISOString() } };
  });

  mount(router, deps, api.deleteAccountConfirm, async (ctx) => {
    const { token } = ctx.params;
    if (token === undefined) {
      await mailLink(ctx, 'delete', requireUser(ctx));
      return { data: { message: 'We have sent you an email to confirm the deletion of your account.' } };
    }
    // Any key may confirm: the link can be opened in another browser; the token is the proof.
    const { row, user } = await validDeletion(ctx.channel.id, token);
    if (!(await deleteAccount(db, user.id, row.id))) throw badLink();
    return { data: { message: 'Your account has been deleted.' } };
  });
}
