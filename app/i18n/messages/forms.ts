import { catalogue } from '#contract/i18n';

/* A channel's custom form page (/forms/{alias}, ADR 053): its chrome. The fields' labels and the
   form's title are the channel's own words, shown as the channel wrote them. */
export const forms = catalogue(
  {
    'forms.title': 'Questions',
    'forms.description': 'A few questions from the channel, answered once.',
    'forms.saved': 'Thank you: your answers are saved.',
    'forms.answeredOn': 'You answered on {date}. Change your answers below if you like.',
    'forms.required': 'Please answer these questions to continue. It takes a minute, and we ask only once.',
    'forms.optional': 'A few questions from us. Fields marked “required” must be filled in.',
    'forms.saving': 'Saving your answers…',
    'forms.save': 'Save my answers',
    'forms.notNow': 'Not now',
  },
  {
    'forms.title': 'Questions',
    'forms.description': 'Quelques questions de la chaîne, posées une seule fois.',
    'forms.saved': 'Merci : vos réponses sont enregistrées.',
    'forms.answeredOn': 'Vous avez répondu le {date}. Modifiez vos réponses ci-dessous si vous le souhaitez.',
    'forms.required': 'Répondez à ces questions pour continuer. Cela prend une minute, et nous ne les posons qu’une fois.',
    'forms.optional': 'Quelques questions de notre part. Les champs marqués « obligatoire » doivent être remplis.',
    'forms.saving': 'Enregistrement de vos réponses…',
    'forms.save': 'Enregistrer mes réponses',
    'forms.notNow': 'Pas maintenant',
  },
);
