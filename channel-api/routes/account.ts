import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { confirmDeletion, deletionInfo, requestDeletion } from '../services/account.ts';

/* Account deletion by mailed confirmation; clips: clips.ts, orders: commerce.ts. */

export function accountRoutes(router: Router, deps: Deps) {
  const { db } = deps;

  mount(router, deps, api.deleteAccountInfo, async (ctx) => ({ data: await deletionInfo(deps, ctx, ctx.params) }));

  mount(router, deps, api.deleteAccountConfirm, async (ctx) => {
    const { token } = ctx.params;
    if (token === undefined) return { data: await requestDeletion(deps, ctx, requireUser(ctx)) };
    return { data: await confirmDeletion(deps, ctx, token) };
  });
}
