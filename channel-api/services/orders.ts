import type { api } from '../../contract/index.ts';
import type { ParamsOf, Deps } from '../deps.ts';
import { ordersOf } from '../repo/orders.ts';
import type { UserRow } from '../repo/users.ts';

/* The fan's orders (spec section 7, GET /orders); one order's page and its settlement is
 * `orderForPage` in fulfilment.ts. */

export function ordersOfFan(deps: Deps, user: UserRow, params: ParamsOf<typeof api.orders>) {
  return ordersOf(deps.db, user.id, { limit: params.no_limit ? undefined : params.limit, offset: params.offset, activityStatus: params.activity_status });
}
