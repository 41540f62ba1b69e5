import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount, requireUser } from '../http/route.ts';
import { orderForPage } from '../services/fulfilment.ts';
import { ordersOfFan } from '../services/orders.ts';

/* The fan's orders, and one order's page (its settlement: orderForPage in services/fulfilment.ts). */

export function orderRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.orders, async (ctx) => ordersOfFan(deps, requireUser(ctx), ctx.params));
  mount(router, deps, api.orderDetail, async (ctx) => ({ data: await orderForPage(deps, requireUser(ctx), ctx.params.id) }));
}
