import type { AuthSession, User } from '../../contract/auth.ts';
import { SERVER_MSG } from '../../contract/auth.ts';
import { HttpError } from '../http/errors.ts';
import type { Ctx, Deps } from '../http/route.ts';
import { deliver, type MailKind } from '../mail/index.ts';
import { issueApiKey } from '../repo/channels.ts';
import { geoOf } from '../repo/geo.ts';
import { createToken } from '../repo/tokens.ts';
import { userOut, type UserRow } from '../repo/users.ts';
import type { Endpoint } from '../../contract/index.ts';

/* What the auth routes share: the user as the caller sees it, signing in, mailed links. */

type AnyCtx = Ctx<Endpoint>;

/** `is_geo_blocked` follows the request's address, like GET /geo. */
export async function userView(ctx: AnyCtx, user: UserRow): Promise<User> {
  const geo = await geoOf(ctx.deps.db, ctx.channel, ctx.req.ip ?? '');
  return userOut(user, geo.is_geo_blocked);
}

/** A new api key bound to the user; the web app replaces the visitor's key with it. */
export async function signIn(ctx: AnyCtx, user: UserRow): Promise<AuthSession> {
  const key = await issueApiKey(ctx.deps.db, ctx.channel.id, ctx.deps.userSessionTtlSeconds, new Date(), user.id);
  return { ...key, user: await userView(ctx, user) };
}

export function refuseSignedIn(ctx: AnyCtx): void {
  if (ctx.user) throw new HttpError(422, SERVER_MSG.alreadyLoggedIn);
}

const pages: Record<MailKind, string> = { verify: '/verify-email', reset: '/password-reset', delete: '/confirm-account-deletion' };
const tokenKind = { verify: 'verify', reset: 'reset', delete: 'delete' } as const;

export const linkTo = (deps: Deps, kind: MailKind, token: string) => {
  const url = new URL(pages[kind], deps.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
};

/** Makes a one-time link for the user and mails it (call outside any transaction). */
export async function mailLink(ctx: AnyCtx, kind: MailKind, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  const { token } = await createToken(ctx.deps.db, user.id, tokenKind[kind], kind === 'verify' ? { email: user.email } : {});
  await deliver(ctx.deps.mailer, ctx.deps.log, kind, user.email, {
    channelName: ctx.channel.name,
    link: linkTo(ctx.deps, kind, token),
    firstName: user.firstName || undefined,
  });
}
