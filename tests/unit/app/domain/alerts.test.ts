import { describe, expect, it } from 'vitest';
import { alertLabel, alertSentence, alertsSaved, alertsSavedAll, leadWords } from '~/domain/alerts';
import { appTranslator } from '~/i18n/english';

/* How My games and the unsubscribe page name a fan's alert e-mails, with the channel's real lead. */

describe('alert words', () => {
  it('names the lead as the mail does', () => {
    expect(leadWords(60)).toBe('an hour');
    expect(leadWords(180)).toBe('3 hours');
    expect(leadWords(45)).toBe('45 minutes');
    expect(leadWords(1)).toBe('1 minute');
    expect(alertLabel('go-live', 60)).toBe('E-mail me when a game starts');
    expect(alertLabel('reminder', 60)).toBe('E-mail me an hour before a game');
  });

  it('says what an unsubscribe link stops: one game by its name, other things by their games', () => {
    const game = { name: 'Boys Football: Northfield at Cedar Ridge', favoritable_type: 'favorite_event' };
    const team = { name: 'Lakeview Lions', favoritable_type: 'participant' };
    const school = { name: 'Harbor Point', favoritable_type: 'participant' };
    expect(alertSentence('reminder', 60, [game])).toBe('an e-mail an hour before Boys Football: Northfield at Cedar Ridge starts');
    expect(alertSentence('go-live', 60, [game])).toBe('an e-mail when Boys Football: Northfield at Cedar Ridge starts');
    expect(alertSentence('go-live', 60, [team, school])).toBe('an e-mail when each game of Lakeview Lions and Harbor Point starts');
    expect(alertSentence('reminder', 90, [team, game])).toBe(
      'an e-mail 90 minutes before each game of Lakeview Lions and the game Boys Football: Northfield at Cedar Ridge',
    );
  });

  it('says it in French with its t: French plurals, de or d’ before a name, du match before a game', () => {
    const { t } = appTranslator('fr');
    const game = { name: 'Boys Football: Northfield at Cedar Ridge', favoritable_type: 'favorite_event' };
    const team = { name: 'Lakeview Lions', favoritable_type: 'participant' };
    const school = { name: 'Harbor Point', favoritable_type: 'participant' };
    const venue = { name: 'Arena Nord', favoritable_type: 'venue' };
    expect(alertSentence('reminder', 60, [game], t)).toBe('l’e-mail envoyé une heure avant le début du match Boys Football: Northfield at Cedar Ridge');
    expect(alertSentence('reminder', 180, [game], t)).toBe('l’e-mail envoyé 3 heures avant le début du match Boys Football: Northfield at Cedar Ridge');
    expect(alertSentence('go-live', 60, [game], t)).toBe('l’e-mail envoyé au début du match Boys Football: Northfield at Cedar Ridge');
    expect(alertSentence('go-live', 60, [team, school, venue], t)).toBe(
      'les e-mails envoyés au début de chaque match de Lakeview Lions, de Harbor Point et d’Arena Nord',
    );
    expect(alertSentence('reminder', 1, [team, game], t)).toBe(
      'les e-mails envoyés 1 minute avant chaque match de Lakeview Lions et du match Boys Football: Northfield at Cedar Ridge',
    );
    expect(t('alerts.stopped', { what: alertSentence('go-live', 60, [team], t) })).toBe(
      'C’est fait : vous ne recevrez plus les e-mails envoyés au début de chaque match de Lakeview Lions.',
    );
  });

  it('confirms a save in words', () => {
    expect(alertsSaved('Lakeview Lions', true, true, 60)).toBe(
      'Alerts saved: we will e-mail you when a game starts and an hour before a game of Lakeview Lions.',
    );
    expect(alertsSaved('Lakeview Lions', false, false, 60)).toBe('No more alert e-mails for Lakeview Lions.');
  });

  it("confirms the alerts page's one Save: one follow's sentence, a count for several, and what is no longer followed", () => {
    const lions = { name: 'Lakeview Lions', alert_go_live: true, alert_reminder: false };
    const off = { name: 'Harbor Point', alert_go_live: false, alert_reminder: false };
    const both = { name: 'Boys Soccer', alert_go_live: true, alert_reminder: true };
    expect(alertsSavedAll([lions, off], 60, 0)).toBe('Alerts saved: we will e-mail you when a game starts of Lakeview Lions.');
    expect(alertsSavedAll([lions, off, both], 60, 0)).toBe('Alerts saved: e-mails for 2 of what you follow.');
    expect(alertsSavedAll([off], 60, 0)).toBe('Alerts saved: no alert e-mails.');
    expect(alertsSavedAll([off], 60, 1)).toBe('Alerts saved: no alert e-mails. One thing is no longer followed, so it has no alerts.');
    expect(alertsSavedAll([], 60, 2)).toBe('Alerts saved: no alert e-mails. 2 things are no longer followed, so they have no alerts.');
  });

  it('says them in French with French plural rules when the page is French', () => {
    const { t } = appTranslator('fr');
    expect(leadWords(60, t)).toBe('une heure');
    expect(leadWords(180, t)).toBe('3 heures');
    expect(leadWords(1, t)).toBe('1 minute');
    expect(alertLabel('reminder', 120, t)).toBe('M’écrire 2 heures avant un match');
    expect(alertsSavedAll([], 60, 1, t)).toBe('Alertes enregistrées : aucun e-mail d’alerte. 1 élément n’est plus suivi : il n’a donc pas d’alerte.');
    expect(alertsSaved('Lakeview Lions', true, true, 60, t)).toBe(
      'Alertes enregistrées : nous vous écrirons quand un match commence et une heure avant un match pour Lakeview Lions.',
    );
  });
});
