import { catalogue } from '#contract/i18n';

/* The accessibility statement (/accessibility, issue 34). The channel's name and contact details
   are the channel's own; `{contacts}` and `{date}` are where the page puts its link and its
   <time>. */
export const accessibility = catalogue(
  {
    'accessibility.title': 'Accessibility',
    'accessibility.lead': '{channel} wants every fan to be able to watch, follow and buy its games, whatever device, browser or assistive technology they use.',
    'accessibility.standard': 'The standard',
    'accessibility.standard.text':
      'This site is built to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. Every page works with JavaScript turned off: links, forms and the video player are plain HTML, and JavaScript only adds to them. Text follows the size you set in your browser, pages fit a phone as well as a desktop screen, and nothing moves when your device asks for reduced motion.',
    'accessibility.tested': 'How it is tested',
    'accessibility.tested.intro': 'The site’s automated tests, run on every change, include:',
    'accessibility.tested.axe':
      'Every page the automated tests visit is checked with axe against the WCAG 2.2 A and AA rules, once with JavaScript on and once with it off.',
    'accessibility.tested.html': 'Every kind of page is checked with the W3C Nu HTML validator and with html-validate: the pages are valid HTML.',
    'accessibility.tested.keyboard':
      'The video player is used with the keyboard alone: Play is reached with Tab and starts the video with Enter. The tests find the player’s controls by the names a screen reader announces.',
    'accessibility.tested.widths': 'Pages are tried at phone and desktop widths, and with reduced motion: nothing moves on its own then.',
    'accessibility.limits': 'Known limits',
    'accessibility.limits.captions':
      'Games on demand show the captions the channel provides with them. A live game shows captions only when its live stream carries them, and without JavaScript a live game plays only in browsers that play live streams themselves (such as Safari).',
    'accessibility.limits.together':
      'Watching several live games on one screen (Watch together) starts every game muted and gives one game its sound at a time; each game has its own Sound and Enlarge buttons named after it. Without JavaScript, those games play in browsers that play live streams themselves.',
    'accessibility.limits.clips': 'Clips that fans make are cut from the picture and sound alone: they have no captions.',
    'accessibility.limits.description': 'Games have no audio description and no transcript.',
    'accessibility.limits.artwork':
      'The artwork of games and teams is drawn from the teams’ colours and names; it is decoration. The teams, the sport and the time are always written beside it.',
    'accessibility.limits.others':
      'Paying on the payment provider’s page, signing in with Google or Facebook and the “I’m not a robot” check (where the channel uses one) are other companies’ pages and tools, whose accessibility is their own.',
    'accessibility.report': 'Report a barrier',
    'accessibility.report.text':
      'If something on this site keeps you from watching, following or buying, tell {channel}. Say which page it was, what you tried to do and which device, browser or assistive technology you use.',
    'accessibility.report.other': 'Other ways to reach {channel} are on the {contacts} page.',
    'accessibility.statement': 'This statement',
    'accessibility.statement.reviewed': 'This statement was last reviewed on {date}.',
  },
  {
    'accessibility.title': 'Accessibilité',
    'accessibility.lead':
      '{channel} veut que chaque fan puisse regarder, suivre et acheter ses matchs, quels que soient l’appareil, le navigateur ou la technologie d’assistance qu’il utilise.',
    'accessibility.standard': 'La norme',
    'accessibility.standard.text':
      'Ce site est conçu pour respecter les règles pour l’accessibilité des contenus Web (WCAG) 2.2 au niveau AA. Chaque page fonctionne avec JavaScript désactivé : les liens, les formulaires et le lecteur vidéo sont du simple HTML, que JavaScript ne fait que compléter. Le texte suit la taille choisie dans votre navigateur, les pages s’adaptent à un téléphone comme à un écran d’ordinateur, et rien ne bouge quand votre appareil demande de réduire les animations.',
    'accessibility.tested': 'Comment il est testé',
    'accessibility.tested.intro': 'Les tests automatisés du site, lancés à chaque modification, comprennent :',
    'accessibility.tested.axe':
      'Chaque page que visitent les tests automatisés est vérifiée avec axe selon les règles WCAG 2.2 de niveaux A et AA, une fois avec JavaScript activé et une fois sans.',
    'accessibility.tested.html': 'Chaque type de page est vérifié avec le validateur Nu HTML du W3C et avec html-validate : les pages sont du HTML valide.',
    'accessibility.tested.keyboard':
      'Le lecteur vidéo s’utilise au clavier seul : la touche Tab mène au bouton de lecture, et la touche Entrée lance la vidéo. Les tests trouvent les commandes du lecteur par les noms qu’annonce un lecteur d’écran.',
    'accessibility.tested.widths':
      'Les pages sont essayées à la largeur d’un téléphone et à celle d’un écran d’ordinateur, ainsi qu’avec les animations réduites : rien ne bouge alors de lui-même.',
    'accessibility.limits': 'Limites connues',
    'accessibility.limits.captions':
      'Les matchs à la demande affichent les sous-titres que la chaîne fournit avec eux. Un match en direct n’affiche de sous-titres que si son flux en direct en contient, et sans JavaScript, un match en direct ne se lit que dans les navigateurs qui lisent eux-mêmes les flux en direct (comme Safari).',
    'accessibility.limits.together':
      'Regarder plusieurs matchs en direct sur un même écran (Regarder ensemble) lance chaque match en sourdine et donne le son à un seul match à la fois ; chaque match a ses propres boutons Son et Agrandir, qui portent son nom. Sans JavaScript, ces matchs se lisent dans les navigateurs qui lisent eux-mêmes les flux en direct.',
    'accessibility.limits.clips': 'Les clips que créent les fans sont découpés dans l’image et le son seuls : ils n’ont pas de sous-titres.',
    'accessibility.limits.description': 'Les matchs n’ont ni audiodescription ni transcription.',
    'accessibility.limits.artwork':
      'Les visuels des matchs et des équipes sont tirés des couleurs et des noms des équipes ; ils sont décoratifs. Les équipes, le sport et l’heure sont toujours écrits à côté.',
    'accessibility.limits.others':
      'Le paiement sur la page du prestataire de paiement, la connexion avec Google ou Facebook et la vérification « Je ne suis pas un robot » (là où la chaîne en utilise une) sont des pages et des outils d’autres entreprises, dont l’accessibilité relève d’elles.',
    'accessibility.report': 'Signaler un obstacle',
    'accessibility.report.text':
      'Si quelque chose sur ce site vous empêche de regarder, de suivre ou d’acheter, dites-le à {channel}. Indiquez de quelle page il s’agissait, ce que vous avez essayé de faire et l’appareil, le navigateur ou la technologie d’assistance que vous utilisez.',
    'accessibility.report.other': 'Vous trouverez d’autres moyens de joindre {channel} sur la page {contacts}.',
    'accessibility.statement': 'Cette déclaration',
    'accessibility.statement.reviewed': 'Cette déclaration a été revue pour la dernière fois le {date}.',
  },
);
