import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { clipsOf, clipsOfEvent, createClip, deleteClip, downloadClip, eventsWithClips, renameClip, sharedClip } from '../services/clips.ts';

/* Fans' clips (issue 25, ADR 039): made, listed, renamed, shared, downloaded and deleted; the rules and
 * the job are services/clips.ts, the files media/clips-router.ts. */

export function clipRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.createClip, async (ctx) => ({ data: await createClip(deps, ctx, ctx.params) }));
  mount(router, deps, api.clipsUser, async (ctx) => ({ data: await clipsOf(deps, requireUser(ctx).id) }));
  mount(router, deps, api.clipsEvent, async (ctx) => ({ data: await clipsOfEvent(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.sharedClip, async (ctx) => ({ data: await sharedClip(deps, ctx, ctx.params.id, ctx.params.uuid) }));
  mount(router, deps, api.clipDownload, async (ctx) => ({ data: await downloadClip(deps, ctx, ctx.params.id) }));
  mount(router, deps, api.eventsWithClip, async (ctx) => ({ data: await eventsWithClips(deps, requireUser(ctx).id) }));
  mount(router, deps, api.renameClip, async (ctx) => ({ data: await renameClip(deps, requireUser(ctx).id, ctx.params.id, ctx.params.name) }));
  mount(router, deps, api.deleteClip, async (ctx) => ({ data: await deleteClip(deps, requireUser(ctx).id, ctx.params.id) }));
}
