import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { mount } from '../http/route.ts';
import { pageById } from '../repo/content.ts';
import { geoOf } from '../repo/geo.ts';

/** Content calls that are neither events nor VOD: page bodies, group properties, geo. */
export function contentRoutes(router: Router, deps: Deps) {
  const { db } = deps;
  mount(router, deps, api.page, async ({ channel, params }) => {
    const page = await pageById(db, channel.id, params.id);
    if (!page) throw notFound('Page not found');
    return { data: page };
  });
  mount(router, deps, api.participantGroupProperties, async ({ channel }) => ({ data: channel.groupProperties }));
  // req.ip honours X-Forwarded-For only from loopback (trust proxy), i.e. from our own web server.
  mount(router, deps, api.geo, async ({ channel, req }) => ({ data: await geoOf(db, channel, req.ip ?? req.socket.remoteAddress ?? '') }));
}
