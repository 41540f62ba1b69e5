/* A fan's alert e-mails (issue 24): how My games and the unsubscribe page name them. The lead is
 * the channel's (GET /favorites' meta, ALERT_LEAD_MINUTES), never assumed. */
import type { AlertKind } from '#contract';

/** 'an hour', '2 hours', '90 minutes': as the mail itself says it (channel-api/mail/alert-templates.ts). */
export function leadWords(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/** The opt-in's label on My games. */
export const alertLabel = (kind: AlertKind, leadMinutes: number) =>
  kind === 'go-live' ? 'E-mail me when a game starts' : `E-mail me ${leadWords(leadMinutes)} before a game`;

/** What an alert is, in a sentence's middle: "e-mails when a game starts". */
export const alertWhat = (kind: AlertKind, leadMinutes: number) =>
  kind === 'go-live' ? 'e-mails when a game starts' : `e-mails ${leadWords(leadMinutes)} before a game`;

/** The toast after saving a favorite's alerts. */
export function alertsSaved(name: string, goLive: boolean, reminder: boolean, leadMinutes: number): string {
  const on = [goLive ? 'when a game starts' : null, reminder ? `${leadWords(leadMinutes)} before a game` : null].filter(Boolean);
  return on.length === 0 ? `No more alert e-mails for ${name}.` : `Alerts saved: we will e-mail you ${on.join(' and ')} of ${name}.`;
}
