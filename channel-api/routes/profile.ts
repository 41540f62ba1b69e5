import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { accessOf, setLanguage, updateProfile } from '../services/profile.ts';
import { userView } from '../services/sign-in.ts';

/* The signed-in fan's profile: read, edit, and what they may do (rules in services/profile.ts). */

export function profileRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.profile, async (ctx) => ({ data: await userView(deps, ctx, requireUser(ctx)) }));
  mount(router, deps, api.userAccess, async (ctx) => ({ data: accessOf(requireUser(ctx), ctx.viewer.entitlements) }));
  mount(router, deps, api.updateProfile, async (ctx) => ({ data: await updateProfile(deps, ctx, requireUser(ctx), ctx.params) }));
  mount(router, deps, api.setLanguage, async (ctx) => ({ data: await setLanguage(deps, ctx, requireUser(ctx), ctx.params) }));
}
