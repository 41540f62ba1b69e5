import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import * as auth from '../services/auth.ts';

/* Spec section 7, Auth. The rules live in services/auth.ts. */

export function authRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.register, async (ctx) => ({ data: await auth.register(deps, ctx, ctx.params) }));
  mount(router, deps, api.login, async (ctx) => ({ data: await auth.login(deps, ctx, ctx.params) }));
  mount(router, deps, api.logout, async (ctx) => {
    requireUser(ctx);
    return { data: await auth.logout(deps, ctx.apiKey as string) };
  });
  mount(router, deps, api.social, async (ctx) => ({ data: await auth.socialSignIn(deps, ctx, ctx.params) }));
  mount(router, deps, api.emailVerify, async (ctx) => ({ data: await auth.verifyEmail(deps, ctx, ctx.params) }));
  mount(router, deps, api.addSession, async (ctx) => ({ data: await auth.addSession(deps, ctx, ctx.params) }));
  mount(router, deps, api.passwordResetRequest, async (ctx) => ({ data: await auth.requestPasswordReset(deps, ctx, ctx.params) }));
  mount(router, deps, api.passwordReset, async (ctx) => ({ data: await auth.resetPassword(deps, ctx, ctx.params) }));
}
