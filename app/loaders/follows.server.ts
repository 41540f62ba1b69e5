import { api } from '#contract';
import type { Follow } from '~/domain/follows';
import { hasSessionCookie } from '~/http/cache-policy';
import { requestContext, type RouteArgs } from '~/http/request-context.server';

/** What the signed-in fan follows, for a page's Follow buttons; null for a visitor, whose page
 *  stays the one every visitor shares (no session is opened without a session cookie). */
export async function followsOf(args: RouteArgs): Promise<Follow[] | null> {
  if (!hasSessionCookie(args.request.headers.get('Cookie'))) return null;
  const { session, channel } = requestContext(args);
  if (!(await session.user())) return null;
  const { data } = await channel.asUser(api.follows, {});
  return data.map((f) => ({ type: f.favoritable_type, id: f.favoritable_id, followId: f.id }));
}
