import { catalogue } from '#contract/i18n';

/* The error screens (root ErrorBoundary, the not-found page, the 'Whoops!' and throttling reload
   screens), the region-blocked message (the spec's English, word for word), and the slides'
   labels. The English of the error texts is app/http/error-kind.ts ERROR_TEXT's: screens show
   them through `sentence`, so the English stays the one table. */
export const errors = catalogue(
  {
    'errors.formRefused.title': 'Form not sent',
    'errors.formRefused.message': 'This form could not be sent. Please go back, reload the page and try again.',
    'errors.whoops.title': 'Whoops!',
    'errors.whoops.message': 'Apologies! Our service is currently experiencing technical difficulties.',
    'errors.throttled.title': 'Too many requests',
    'errors.throttled.message': 'We received too many requests from your connection in a short time. Please wait a moment, then reload the page.',
    'errors.notFound.title': 'Game not found',
    'errors.notFound.message': 'We could not find what you were looking for.',
    'errors.other.title': 'Something went wrong',
    'errors.other.message': 'Something went wrong. Please try again or contact technical support',
    'errors.notFound.heading': 'Sorry! - Game Not Found',
    'errors.notFound.text': 'The page you were looking for has moved, ended or never existed.',
    'errors.backHome': 'Back to home',
    'errors.reload.wait': 'Please wait {seconds} seconds, then reload the page.',
    'errors.reload.ready': 'You can reload the page now.',
    'errors.reload.in': 'You can reload the page in {seconds} seconds.',
    'errors.reload': 'Reload',
    'errors.reload.left': 'Reload ({left})',
    'errors.regionBlocked': "We're sorry, but this content is not available in your region.",
    'errors.slides': 'Featured',
    'errors.slides.list': 'Featured slides',
  },
  {
    'errors.formRefused.title': 'Formulaire non envoyé',
    'errors.formRefused.message': 'Ce formulaire n’a pas pu être envoyé. Revenez en arrière, rechargez la page et réessayez.',
    'errors.whoops.title': 'Oups !',
    'errors.whoops.message': 'Toutes nos excuses ! Notre service rencontre actuellement des difficultés techniques.',
    'errors.throttled.title': 'Trop de requêtes',
    'errors.throttled.message': 'Nous avons reçu trop de requêtes de votre connexion en peu de temps. Patientez un instant, puis rechargez la page.',
    'errors.notFound.title': 'Match introuvable',
    'errors.notFound.message': 'Nous n’avons pas trouvé ce que vous cherchiez.',
    'errors.other.title': 'Une erreur est survenue',
    'errors.other.message': 'Une erreur est survenue. Réessayez ou contactez l’assistance technique',
    'errors.notFound.heading': 'Désolé ! - Match introuvable',
    'errors.notFound.text': 'La page que vous cherchiez a été déplacée, est terminée ou n’a jamais existé.',
    'errors.backHome': 'Retour à l’accueil',
    'errors.reload.wait': 'Patientez {seconds} secondes, puis rechargez la page.',
    'errors.reload.ready': 'Vous pouvez recharger la page maintenant.',
    'errors.reload.in': 'Vous pourrez recharger la page dans {seconds} secondes.',
    'errors.reload': 'Recharger',
    'errors.reload.left': 'Recharger ({left})',
    'errors.regionBlocked': 'Nous sommes désolés, mais ce contenu n’est pas disponible dans votre région.',
    'errors.slides': 'À la une',
    'errors.slides.list': 'Diapositives à la une',
  },
);
