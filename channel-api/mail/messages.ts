import { catalogue } from '../../contract/i18n.ts';

/* The mails' words in each language (issue 36, ADR 055): a fan's mail is written in the language
   they read the site in when a channel has multilanguage on (the web app names it on its calls). */
export const mailMessages = catalogue(
  {
    'mail.hello': 'Hello,',
    'mail.helloName': 'Hello {name},',
  },
  {
    'mail.hello': 'Bonjour,',
    'mail.helloName': 'Bonjour {name},',
  },
);
