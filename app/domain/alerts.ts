/* A fan's alert e-mails (issue 24): how My games and the unsubscribe page name them. The lead is
 * the channel's (GET /favorites' meta, ALERT_LEAD_MINUTES), never assumed. */
import type { AlertKind, FollowKind } from '#contract';
import { ENGLISH, type AppTranslator } from '~/i18n/english';

/* The words are written in the fan's language when a `t` is given (issue 36; English by default,
   as the unsubscribe page and the tests use them). */
type T = AppTranslator['t'];

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
export function leadWords(minutes: number, t: T = ENGLISH.t): string {
  if (minutes % 60 !== 0) return t('follow.lead.minutes', { n: minutes });
  return t('follow.lead.hours', { n: minutes / 60 });
}

/** The opt-in's label on My games. */
export const alertLabel = (kind: AlertKind, leadMinutes: number, t: T = ENGLISH.t) =>
  kind === 'go-live' ? t('follow.alert.goLive') : t('follow.alert.reminder', { lead: leadWords(leadMinutes, t) });

/** A name French writes d’ before, not de (a vowel; an h is left alone: it may be aspirated). */
const STARTS_WITH_VOWEL = /^[aeiouyàâäéèêëîïôöùûüÿæœ]/i;

/** What an alert sends, after "you get" / "you will no longer get": "an e-mail 3 hours before
 *  Boys Football: … starts" for one followed game, "an e-mail when each game of Lakeview Lions and
 *  Harbor Point starts" for followed teams, schools, sports, divisions or venues. In French (with
 *  its `t`): "l’e-mail envoyé 3 heures avant le début du match …", "les e-mails envoyés au début de
 *  chaque match de Lakeview Lions et d’Harbor Point". */
export function alertSentence(kind: AlertKind, leadMinutes: number, follows: readonly { name: string; favoritable_type: string }[], t: T = ENGLISH.t): string {
  const lead = kind === 'reminder' ? leadWords(leadMinutes, t) : undefined;
  if (follows.length === 1 && follows[0].favoritable_type === 'favorite_event') {
    return kind === 'go-live' ? t('alerts.one.goLive', { name: follows[0].name }) : t('alerts.one.reminder', { lead, name: follows[0].name });
  }
  const names = follows.map(({ name, favoritable_type }) =>
    t('alerts.item', { name, item: favoritable_type === 'favorite_event' ? 'game' : STARTS_WITH_VOWEL.test(name) ? 'vowel' : 'name' }),
  );
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${t('follow.and')} ${names[names.length - 1]}`;
  return kind === 'go-live' ? t('alerts.each.goLive', { list }) : t('alerts.each.reminder', { lead, list });
}

/** The toast after the alerts page's Save: what is on now, in words (one follow on: the one
 *  sentence of alertsSaved), and what could not be saved because it is no longer followed. */
export function alertsSavedAll(
  saved: readonly { name: string; alert_go_live: boolean; alert_reminder: boolean }[],
  leadMinutes: number,
  gone: number,
  t: T = ENGLISH.t,
): string {
  const on = saved.filter((f) => f.alert_go_live || f.alert_reminder);
  const text =
    on.length === 0
      ? t('follow.saved.none')
      : on.length === 1
        ? alertsSaved(on[0].name, on[0].alert_go_live, on[0].alert_reminder, leadMinutes, t)
        : t('follow.saved.many', { n: on.length });
  return gone === 0 ? text : `${text} ${t('follow.saved.gone', { gone })}`;
}

/** The toast after saving a follow's alerts. */
export function alertsSaved(name: string, goLive: boolean, reminder: boolean, leadMinutes: number, t: T = ENGLISH.t): string {
  const on = [goLive ? t('follow.on.goLive') : null, reminder ? t('follow.on.reminder', { lead: leadWords(leadMinutes, t) }) : null].filter(Boolean);
  return on.length === 0 ? t('follow.saved.off', { name }) : t('follow.saved.one', { what: on.join(` ${t('follow.and')} `), name });
}
