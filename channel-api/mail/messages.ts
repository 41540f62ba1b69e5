import { catalogue } from '../../contract/i18n.ts';

/* The mails' words in each language (issue 36, ADR 055): a mail a fan's own call causes (the
   account mails: verify, reset, delete) is written in the language the web app names on the call
   (Caller.locale), when the channel has multilanguage on. The English is the mails' as they were. */
export const mailMessages = catalogue(
  {
    'mail.hello': 'Hello,',
    'mail.helloName': 'Hello {name},',
    'mail.copyLink': 'If the button does not work, copy this address into your browser:',
    'mail.verify.subject': 'Verify your email address for {channel}',
    'mail.verify.intro': 'Thanks for registering with {channel}. Please confirm that this is your email address.',
    'mail.verify.action': 'Verify my email address',
    'mail.verify.validity': 'The link is valid for 48 hours.',
    'mail.verify.ignore': 'If you did not register, you can ignore this message.',
    'mail.reset.subject': 'Reset your {channel} password',
    'mail.reset.intro': 'Someone asked to reset the password of your {channel} account.',
    'mail.reset.action': 'Choose a new password',
    'mail.reset.validity': 'The link is valid for 60 minutes and works once.',
    'mail.reset.ignore': 'If you did not ask for this, you can ignore this message: your password stays the same.',
    'mail.delete.subject': 'Confirm the deletion of your {channel} account',
    'mail.delete.intro': 'You asked to delete your {channel} account. Your profile, what you follow and your clips will be removed; this cannot be undone.',
    'mail.delete.action': 'Confirm the deletion of my account',
    'mail.delete.validity': 'The link is valid for 24 hours. The page it opens asks you to confirm once more.',
    'mail.delete.ignore': 'If you did not ask for this, you can ignore this message: your account stays as it is.',
  },
  {
    'mail.hello': 'Bonjour,',
    'mail.helloName': 'Bonjour {name},',
    'mail.copyLink': 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    'mail.verify.subject': 'Vérifiez votre adresse e-mail pour {channel}',
    'mail.verify.intro': 'Merci de vous être inscrit sur {channel}. Veuillez confirmer que cette adresse e-mail est bien la vôtre.',
    'mail.verify.action': 'Vérifier mon adresse e-mail',
    'mail.verify.validity': 'Le lien est valable 48 heures.',
    'mail.verify.ignore': 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer ce message.',
    'mail.reset.subject': 'Réinitialisez votre mot de passe {channel}',
    'mail.reset.intro': 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte {channel}.',
    'mail.reset.action': 'Choisir un nouveau mot de passe',
    'mail.reset.validity': 'Le lien est valable 60 minutes et ne sert qu’une fois.',
    'mail.reset.ignore': 'Si vous n’avez rien demandé, vous pouvez ignorer ce message : votre mot de passe reste le même.',
    'mail.delete.subject': 'Confirmez la suppression de votre compte {channel}',
    'mail.delete.intro':
      'Vous avez demandé à supprimer votre compte {channel}. Votre profil, ce que vous suivez et vos extraits seront effacés ; c’est définitif.',
    'mail.delete.action': 'Confirmer la suppression de mon compte',
    'mail.delete.validity': 'Le lien est valable 24 heures. La page qu’il ouvre vous demande de confirmer une dernière fois.',
    'mail.delete.ignore': 'Si vous n’avez rien demandé, vous pouvez ignorer ce message : votre compte reste tel quel.',
  },
);
