import { z } from 'zod';
import { favoritableType } from './follows.ts';
import { apiGet, endpoint, envelope } from './http.ts';

/* A fan's alert mails (issue 24): the unsubscribe address every alert mail carries. The token in
   it is signed by the channel API and names the fan, the follows whose alert sent the mail and
   its kind; it is the only credential, so these calls take the channel's api key and no user. */

export const ALERT_KINDS = ['go-live', 'reminder'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_MSG = {
  /** The token is not one the channel API signed (or its fan or follows are gone). */
  badToken: 'This unsubscribe link is not valid. Open My games to change your alerts.',
} as const;

/** What a mail's token looks like: `<base64url>.<base64url>` (channel-api/signing.ts). */
export const alertToken = z
  .string({ errorMap: () => ({ message: ALERT_MSG.badToken }) })
  .max(2000, ALERT_MSG.badToken)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, ALERT_MSG.badToken);

/** What an unsubscribe token turns off, and whether it is still on. */
export const alertSubscription = z.object({
  kind: z.enum(ALERT_KINDS),
  /** For a reminder: how long before a game it goes. */
  lead_minutes: z.number().int().positive(),
  /** The followed things whose alert of this kind sent the mail (those the fan still follows). */
  follows: z.array(z.object({ id: z.number().int(), name: z.string(), favoritable_type: favoritableType })),
  /** Whether any of them still has this alert on. */
  on: z.boolean(),
});
export type AlertSubscription = z.infer<typeof alertSubscription>;

/** What the token would turn off (the confirm page); changes nothing. */
export const alertUnsubscribe = apiGet('alertUnsubscribe', '/alerts/unsubscribe/:token', alertSubscription, z.object({ token: alertToken }).strict());

/** Turns the token's alert off at once (RFC 8058 one-click); again, it stays off. */
export const confirmAlertUnsubscribe = endpoint({
  name: 'confirmAlertUnsubscribe',
  method: 'POST',
  path: '/alerts/unsubscribe/:token',
  auth: 'apiKey',
  params: z.object({ token: alertToken }).strict(),
  response: envelope(alertSubscription),
});
