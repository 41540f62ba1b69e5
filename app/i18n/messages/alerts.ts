import { catalogue } from '#contract/i18n';

/* The one-click alert unsubscribe page (/alerts/unsubscribe/{token}, issue 24) and what it says an
   alert sends (domain/alerts.ts alertSentence). `alerts.msg.badToken` arrives as English text
   (contract/alerts.ts ALERT_MSG): found by its wording where it is shown. */
export const alerts = catalogue(
  {
    'alerts.get': 'You get {what}.',
    'alerts.stopped': 'Done: you will no longer get {what}.',
    'alerts.gone': 'You no longer follow what this e-mail was about, so it has no alerts.',
    'alerts.stop': 'Stop these e-mails',
    'alerts.stopping': 'Stopping…',
    'alerts.changeAll': 'Change all your alerts on My games',
    'alerts.logIn': '(you will be asked to log in).',
    'alerts.one.goLive': 'an e-mail when {name} starts',
    'alerts.one.reminder': 'an e-mail {lead} before {name} starts',
    'alerts.each.goLive': 'an e-mail when each game of {list} starts',
    'alerts.each.reminder': 'an e-mail {lead} before each game of {list}',
    /* One name in the list of alertSentence: a game's ('game'), or another followed thing's
       ('vowel' when its name begins with a vowel: French writes d’ for de there). */
    'alerts.item': '{item, select, game {the game {name}} other {{name}}}',
    'alerts.msg.badToken': 'This unsubscribe link is not valid. Open My games to change your alerts.',
  },
  {
    'alerts.get': 'Vous recevez {what}.',
    'alerts.stopped': 'C’est fait : vous ne recevrez plus {what}.',
    'alerts.gone': 'Vous ne suivez plus ce dont parlait cet e-mail : il n’a donc plus d’alerte.',
    'alerts.stop': 'Arrêter ces e-mails',
    'alerts.stopping': 'Arrêt en cours…',
    'alerts.changeAll': 'Modifier toutes vos alertes dans Mes matchs',
    'alerts.logIn': '(il vous faudra vous connecter).',
    'alerts.one.goLive': 'l’e-mail envoyé au début du match {name}',
    'alerts.one.reminder': 'l’e-mail envoyé {lead} avant le début du match {name}',
    'alerts.each.goLive': 'les e-mails envoyés au début de chaque match {list}',
    'alerts.each.reminder': 'les e-mails envoyés {lead} avant chaque match {list}',
    'alerts.item': '{item, select, game {du match {name}} vowel {d’{name}} other {de {name}}}',
    'alerts.msg.badToken': 'Ce lien de désabonnement n’est pas valide. Ouvrez Mes matchs pour modifier vos alertes.',
  },
);
