/* A fan's alert e-mails (issue 24): how My games and the unsubscribe page name them. The lead is
 * the channel's (GET /favorites' meta, ALERT_LEAD_MINUTES), never assumed. */
import type { AlertKind, FollowKind } from '#contract';

/** What each kind of followed thing is called on the alerts page and My games. */
export const FOLLOW_KIND_WORDS: Readonly<Record<FollowKind, string>> = {
  school: 'School',
  team: 'Team',
  sport: 'Sport',
  division: 'Division',
  venue: 'Venue',
  game: 'Game',
};

/** 'an hour', '2 hours', '90 minutes': as the mail itself says it (channel-api/mail/alert-templates.ts). */
export function leadWords(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/** The opt-in's label on My games. */
export const alertLabel = (kind: AlertKind, leadMinutes: number) =>
  kind === 'go-live' ? 'E-mail me when a game starts' : `E-mail me ${leadWords(leadMinutes)} before a game`;

/** What an alert sends, after "you get" / "you will no longer get": "an e-mail 3 hours before
 *  Boys Football: … starts" for one followed game, "an e-mail when each game of Lakeview Lions and
 *  Harbor Point starts" for followed teams, schools, sports, divisions or venues. */
export function alertSentence(kind: AlertKind, leadMinutes: number, follows: readonly { name: string; favoritable_type: string }[]): string {
  const when = kind === 'go-live' ? 'when' : `${leadWords(leadMinutes)} before`;
  if (follows.length === 1 && follows[0].favoritable_type === 'favorite_event') return `an e-mail ${when} ${follows[0].name} starts`;
  const names = follows.map((f) => (f.favoritable_type === 'favorite_event' ? `the game ${f.name}` : f.name));
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return kind === 'go-live' ? `an e-mail when each game of ${list} starts` : `an e-mail ${when} each game of ${list}`;
}

/** The toast after the alerts page's Save: what is on now, in words (one follow on: the one
 *  sentence of alertsSaved), and what could not be saved because it is no longer followed. */
export function alertsSavedAll(saved: readonly { name: string; alert_go_live: boolean; alert_reminder: boolean }[], leadMinutes: number, gone: number): string {
  const on = saved.filter((f) => f.alert_go_live || f.alert_reminder);
  const text =
    on.length === 0
      ? 'Alerts saved: no alert e-mails.'
      : on.length === 1
        ? alertsSaved(on[0].name, on[0].alert_go_live, on[0].alert_reminder, leadMinutes)
        : `Alerts saved: e-mails for ${on.length} of what you follow.`;
  return gone === 0
    ? text
    : `${text} ${gone === 1 ? 'One thing is' : `${gone} things are`} no longer followed, so ${gone === 1 ? 'it has' : 'they have'} no alerts.`;
}

/** The toast after saving a follow's alerts. */
export function alertsSaved(name: string, goLive: boolean, reminder: boolean, leadMinutes: number): string {
  const on = [goLive ? 'when a game starts' : null, reminder ? `${leadWords(leadMinutes)} before a game` : null].filter(Boolean);
  return on.length === 0 ? `No more alert e-mails for ${name}.` : `Alerts saved: we will e-mail you ${on.join(' and ')} of ${name}.`;
}
