import { redirect } from '@remix-run/node';
import type { AuthSession } from '#contract';
import { followPending } from '~/auth/pending-follow.server';
import { returnTo } from '~/http/navigation.server';
import { loginUrl, seeOther } from '~/http/redirects.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import type { SessionUser } from '~/http/session-cookie.server';

/* Who is signed in, and the one way a sign-in ends. (A signed-in fan's channel call is
   `requestContext(args).channel.asUser`.) */

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(args: RouteArgs): Promise<SessionUser> {
  const user = await requestContext(args).session.user();
  if (user) return user;
  throw redirect(loginUrl(args.request));
}

/**
 * The end of every sign-in (password, social, social after accepting the terms, a verified
 * address): the fan's own session, a welcome, and where they go next — /profile/edit while the
 * password is temporary, else `redirectTo` when it is safe (the page the Log in or Register link
 * came from, domain/navigation signInHref), else home. An operator's goes there as a new document.
 */
export async function completeSignIn(args: RouteArgs, auth: AuthSession, opts: { welcome: string; redirectTo?: string | null }): Promise<Response> {
  const { session } = requestContext(args);
  await session.signIn(auth);
  const followed = await followPending(args);
  await session.toast({ text: followed ? `${opts.welcome} You now follow ${followed}.` : opts.welcome, type: 'success' });
  // An operator's pages load the report's words too (app/i18n/catalogue.server.ts): a new
  // document, even with JavaScript, brings them.
  return seeOther(auth.user.temporary_password ? '/profile/edit' : returnTo(opts.redirectTo), { document: auth.user.role === 'operator' });
}

/** ", Casey" when the fan has a first name: "Welcome back, Casey!". */
export const commaName = (user: { first_name?: string | null }) => (user.first_name ? `, ${user.first_name}` : '');
