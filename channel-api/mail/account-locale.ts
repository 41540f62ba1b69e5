import type { Locale } from '../../contract/locale.ts';
import type { Caller } from '../deps.ts';
import type { ChannelRow } from '../repo/channels.ts';
import type { UserRow } from '../repo/users.ts';

/* Which language a fan's mails are in (issue 36, ADR 055). A mail a fan's own call causes is in
   the call's language (Caller.locale). A mail sent outside a request — a receipt after the payment
   provider's event, a renewal, a trial or payment notice, a gift, an alert — is in the language
   kept on the account: the one the fan last used on a multilanguage channel at registration,
   sign-in or with the language form. English when the channel has multilanguage off (now), or
   the fan never chose. */

/** The language to keep on the account from this call: its language on a multilanguage channel; else none. */
export function callerLocale(caller: Pick<Caller, 'channel' | 'locale'>): Locale | null {
  return caller.channel.settings.multilanguage && caller.locale ? caller.locale : null;
}

/** The language of a mail to this account, sent outside a request. */
export function accountLocale(channel: Pick<ChannelRow, 'settings'> | null | undefined, user: Pick<UserRow, 'locale'> | null | undefined): Locale {
  return channel?.settings.multilanguage && user?.locale ? user.locale : 'en';
}
