import { catalogue } from '#contract/i18n';

/* The chrome of the static pages (about, contacts, privacy, terms) and the FAQ (their text is the
   channel's), and the social sign-in buttons. */
export const staticPages = catalogue(
  {
    'static.about': 'About',
    'static.about.default': '{channel} streams its games live and on demand.',
    'static.contacts': 'Contacts',
    'static.contacts.getInTouch': 'Get in touch',
    'static.contact.email': 'Email:',
    'static.contact.phone': 'Phone:',
    'static.privacy': 'Privacy policy',
    'static.privacy.text': 'The channel publishes its privacy policy separately; please ask the channel for the current version.',
    'static.terms': 'Terms & conditions',
    'static.terms.text': 'The channel publishes its terms and conditions separately; please ask the channel for the current version.',
    'static.faq': 'FAQ',
    'static.faq.none': 'No questions have been published yet.',
    'static.faq.contactUs': 'Contact us',
    'static.faq.ifHelp': 'if you need help.',
    'static.social.or': 'or',
    'static.social.continue': 'Continue with {provider}',
  },
  {
    'static.about': 'À propos',
    'static.about.default': '{channel} diffuse ses matchs en direct et à la demande.',
    'static.contacts': 'Contacts',
    'static.contacts.getInTouch': 'Nous joindre',
    'static.contact.email': 'E-mail :',
    'static.contact.phone': 'Téléphone :',
    'static.privacy': 'Politique de confidentialité',
    'static.privacy.text': 'La chaîne publie sa politique de confidentialité à part ; demandez-lui la version en vigueur.',
    'static.terms': 'Conditions générales',
    'static.terms.text': 'La chaîne publie ses conditions générales à part ; demandez-lui la version en vigueur.',
    'static.faq': 'FAQ',
    'static.faq.none': 'Aucune question n’a encore été publiée.',
    'static.faq.contactUs': 'Contactez-nous',
    'static.faq.ifHelp': 'si vous avez besoin d’aide.',
    'static.social.or': 'ou',
    'static.social.continue': 'Continuer avec {provider}',
  },
);
