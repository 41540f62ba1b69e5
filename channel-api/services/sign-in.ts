import type { AuthSession, User } from '../../contract/auth.ts';
import { SERVER_MSG } from '../../contract/auth.ts';
import { capabilitiesOf } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { callerLocale } from '../mail/account-locale.ts';
import { deliver, type MailKind } from '../mail/index.ts';
import { issueApiKey } from '../repo/channels.ts';
import { entitlementsOf } from '../repo/orders.ts';
import { createToken } from '../repo/tokens.ts';
import { updateUser, userOut, type UserRow } from '../repo/users.ts';
import { webPaths, webUrl } from '../web-links.ts';

/* What the account services share: the user as the caller sees it, signing in, mailed links. */

/** `is_geo_blocked` follows the caller's address, like GET /geo. */
export async function userView(deps: Deps, caller: Caller, user: UserRow): Promise<User> {
  const entitlements = await entitlementsOf(deps.db, user.id);
  return userOut(user, caller.geo.is_geo_blocked, capabilitiesOf(user, entitlements));
}

/** Keeps on the account the language the fan uses the site in now, on a multilanguage channel
 *  (ADR 055: the mails sent outside a request are written in it). */
export async function rememberLocale(deps: Deps, caller: Caller, user: UserRow): Promise<UserRow> {
  const locale = callerLocale(caller);
  return locale && user.locale !== locale ? updateUser(deps.db, user.id, { locale }) : user;
}

/** A new api key bound to the user (the web app replaces the visitor's key with it); the
 *  language they sign in with is kept on their account. */
export async function signIn(deps: Deps, caller: Caller, signedIn: UserRow): Promise<AuthSession> {
  const user = await rememberLocale(deps, caller, signedIn);
  const key = await issueApiKey(deps.db, caller.channel.id, deps.userSessionTtlSeconds, new Date(), user.id);
  return { ...key, user: await userView(deps, caller, user) };
}

export function refuseSignedIn(caller: Caller): void {
  if (caller.user) throw new HttpError(422, 'already_signed_in', SERVER_MSG.alreadyLoggedIn);
}

/** Mails that carry a one-time link. */
type LinkMail = Extract<MailKind, 'verify' | 'reset' | 'delete'>;

const tokenKind = { verify: 'verify', reset: 'reset', delete: 'delete' } as const;

export const linkTo = (deps: Pick<Deps, 'publicUrl'>, kind: LinkMail, token: string) => {
  const url = new URL(webUrl(deps.publicUrl, webPaths[kind]));
  url.searchParams.set('token', token);
  return url.toString();
};

/** Makes a one-time link for the user and mails it (call outside any transaction). */
export async function mailLink(deps: Deps, caller: Caller, kind: LinkMail, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  const { token } = await createToken(deps.db, user.id, tokenKind[kind], kind === 'verify' ? { email: user.email } : {});
  await deliver(deps.mailer, deps.log, kind, user.email, {
    channelName: caller.channel.name,
    link: linkTo(deps, kind, token),
    firstName: user.firstName || undefined,
    locale: caller.locale,
  });
}
