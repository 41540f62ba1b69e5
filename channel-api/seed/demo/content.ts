import type { ChannelDescriptionInput } from '../description.ts';

type D = Required<ChannelDescriptionInput>;

export const pages: D['pages'] = [
  {
    key: 'code-of-conduct',
    url: '/code-of-conduct',
    name: 'Code of conduct',
    alt_name: 'Code of conduct for fans and broadcast crews',
    body: [
      'Every Lakeshore Athletic Conference broadcast is produced by students, parents and volunteers. We ask everyone who watches, comments or attends a game to treat players, officials and crews with respect.',
      'Cheer for your team, never against a person. Abusive language about players, coaches or officials in our chat or at a venue leads to removal from the stream and from the venue.',
      'Student athletes are minors. Do not share clips or screenshots that single out a player for ridicule, and respect any request from a family to take a clip down.',
      'Questions or concerns about conduct go to the athletic director of the host school, or to conduct@lakeshore-conference.example.',
    ].join('\n\n'),
  },
  {
    key: 'broadcast-team',
    url: '/broadcast-team',
    name: 'Broadcast team',
    alt_name: 'Meet the people behind the broadcasts',
    body: [
      'Our broadcasts are produced by the media clubs of the eight member schools, with help from volunteer parents and local radio veterans.',
      'Each home school runs its own camera crew: usually two cameras, a scoreboard feed and a play-by-play commentator. The conference office provides the streaming equipment and trains new crew members every August.',
      'Students interested in joining a crew can sign up with their school media teacher. No experience is needed; many of our commentators called their first game as freshmen.',
    ].join('\n\n'),
  },
  {
    key: 'venues',
    url: '/venues',
    name: 'Venues',
    alt_name: 'Where the conference plays',
    body: [
      'Harbor Point Fieldhouse, 12 Anchor Way, Harbor Point: home of the Pirates, its courts and the field behind it. Accessible seating on the east side, entrance from the north parking lot.',
      'Lakeview Memorial Stadium, 400 Shoreline Drive, Lakeview: home of the Lions, the stadium and its indoor arena. Step-free access from Gate B; the press box has the broadcast position.',
      'Northfield Arena, 88 Falcon Road, Northfield: home of the Falcons, the arena and its outdoor field. Hearing loop available at the main entrance.',
      'Bayside Sports Complex, 5 Marina Boulevard, Bayside: home of the Mariners, fields and a gym. Free parking and a shuttle from the Marina station on game days.',
      'Riverbend High School Gym, 230 Mill Street, Riverbend: home of the Otters, the gym and the school field.',
      'Cedar Ridge Athletic Field, 17 Timber Lane, Cedar Ridge: home of the Wolves, the field and the gym next door.',
      'Pinecrest Activity Center, 61 Summit Road, Pinecrest: home of the Timberwolves, courts and a field, with step-free access throughout.',
      'Westshore Community Stadium, 9 Beacon Street, Westshore: home of the Waves, the stadium and the school gym beside it.',
    ].join('\n\n'),
  },
];

export const staticBlocks: D['static_blocks'] = [
  {
    alias: 'about',
    title: 'About the Lakeshore Athletic Conference',
    body: 'The Lakeshore Athletic Conference brings together eight high schools along the lake shore. Since 1962 our schools have competed in basketball, soccer, volleyball and football.\n\nLakeshore Sports Network streams every conference game live, and keeps full games and highlights on demand so families, alumni and fans can follow their teams from anywhere.',
  },
  {
    alias: 'contacts',
    title: 'Contact us',
    body: 'Lakeshore Athletic Conference office, 1 Conference Plaza, Lakeview.\n\nEmail: support@lakeshore-conference.example\n\nPhone: +1 555 0100 (weekdays 9 am to 5 pm Central).',
  },
  {
    alias: 'footer',
    title: 'Lakeshore Sports Network',
    body: 'Every game of the Lakeshore Athletic Conference’s eight schools: live, coming up and on demand.',
  },
  {
    alias: 'privacy_policy',
    title: 'Privacy policy',
    body: 'We collect only what we need to run your account and your purchases: your email address, your orders and the games you watch. We never sell personal data.\n\nYou can ask for a copy of your data, or for its deletion, at privacy@lakeshore-conference.example.',
  },
  {
    alias: 'terms_conditions',
    title: 'Terms & conditions',
    body: 'Passes, packages and subscriptions give personal, non-transferable access to the streams they list. All sales are final; there are no refunds.\n\nRecording or rebroadcasting a stream without the written consent of the conference is not allowed.',
  },
];

export const faq: D['faq'] = [
  {
    question: 'Which games are free to watch?',
    answer: 'Games marked Free play for everyone without an account. All other games need a pass, a package, a single-game ticket or a subscription.',
  },
  {
    question: 'What is the difference between a season pass and a subscription?',
    answer: 'A season pass covers every game of one sport this season. A subscription covers every sport and renews monthly or yearly until you cancel.',
  },
  {
    question: 'Is there a free trial?',
    answer:
      'Yes: the monthly subscription starts with a 7-day free trial and the annual subscription with a 14-day free trial. You can cancel before the trial ends and pay nothing.',
  },
  {
    question: 'Can I watch a game after it ends?',
    answer: 'Yes. Finished games move to On demand with captions, usually within an hour of the final whistle.',
  },
  {
    question: 'Why does the video say it is not available in my region?',
    answer:
      'Some games can only be shown in certain regions because of the rights agreed with the host school. Outside those regions the player shows a notice instead of the video.',
  },
  {
    question: 'Do you offer refunds?',
    answer: 'All sales are final and there are no refunds. If a game is cancelled, the single-game ticket stays valid for the rescheduled game.',
  },
  {
    question: 'How do I test whether my device can play the streams?',
    answer: 'Open the Simulate page: it plays a short test stream and reports whether your browser supports the streaming formats we use.',
  },
];

export const menu: D['menu'] = {
  // The header holds one row at 1280 px (issue 34): the three lists and the packages; the channel's
  // name is the link home, and the information pages are in the footer.
  header: [
    { name: 'Live', url: '/live' },
    { name: 'Schedule', url: '/schedule' },
    { name: 'On demand', url: '/vod' },
    { name: 'Packages', url: '/packages' },
  ],
  footer: [
    { name: 'FAQ', url: '/faq' },
    { name: 'About', url: '/about' },
    { name: 'Contacts', url: '/contacts' },
    { name: 'Privacy policy', url: '/privacy_policy' },
    { name: 'Terms & conditions', url: '/terms_conditions' },
    { name: 'Code of conduct', url: '/code-of-conduct' },
    { name: 'Broadcast team', url: '/broadcast-team' },
    { name: 'Venues', url: '/venues' },
  ],
  group_menu: ['north', 'south'],
  participant_menu: ['harbor-point', 'lakeview', 'northfield', 'cedar-ridge', 'bayside', 'riverbend', 'pinecrest', 'westshore'],
};

/** WCAG AA: white on #0B2545 ≈ 15:1, #1B1F24 on #F7F9FC ≈ 15.6:1, #A4161A on #F7F9FC ≈ 6.9:1, white on #13315C ≈ 12.5:1. */
export const colorSettings: D['color_settings'] = {
  'header-background': '#0B2545',
  'header-text': '#FFFFFF',
  'body-background': '#F7F9FC',
  'body-text': '#1B1F24',
  footer: '#13315C',
  primary: '#A4161A',
};
