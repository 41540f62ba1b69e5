import type { ChannelDescriptionInput } from '../description.ts';
import { videoPoster } from './posters.ts';
import { gamePoster, genders, poster, schools, sports, teamAlias, type School } from './schools.ts';
import { GAME_SECONDS } from '../../media/assets.ts';

type D = Required<ChannelDescriptionInput>;

export const vodCategories: D['vod_categories'] = [
  { alias: 'full-games', name: 'Full games' },
  { alias: 'highlights', name: 'Highlights' },
  { alias: 'interviews', name: 'Interviews' },
];

const school = (alias: string) => {
  const found = schools.find((s) => s.alias === alias);
  if (!found) throw new Error(`no school '${alias}'`);
  return found;
};

/** Category, title, recording, and for a full game its two schools (away, home). */
const vodTitles: [string, string, string, (readonly [School, School])?][] = [
  ['full-games', 'Basketball final: Harbor Point vs Lakeview', 'game-1', [school('harbor-point'), school('lakeview')]],
  ['full-games', 'Soccer semifinal: Bayside vs Riverbend', 'game-2', [school('bayside'), school('riverbend')]],
  ['full-games', 'Volleyball championship: Northfield vs Westshore', 'game-3', [school('northfield'), school('westshore')]],
  ['full-games', 'Football rivalry night: Pinecrest vs Cedar Ridge', 'game-1', [school('pinecrest'), school('cedar-ridge')]],
  ['highlights', 'Top 10 plays of the week', 'game-2'],
  ['highlights', 'Buzzer beaters of the season', 'game-3'],
  ['highlights', 'Best goals of the fall', 'game-1'],
  ['highlights', 'Volleyball aces and digs', 'game-2'],
  ['interviews', "Coaches' corner: Harbor Point basketball", 'game-3'],
  ['interviews', 'Captains talk the playoff race', 'game-1'],
  ['interviews', 'Meet the broadcast crew', 'game-2'],
  ['interviews', 'Athletic directors on the new season', 'game-3'],
];

/** The paid videos play recordings of what is sold, never a free one's (ADR 026). */
const paidRecordings = ['game-4', 'game-5', 'game-6'];

/** Every video plays a demo recording, so each lasts what it plays (GAME_SECONDS). */
export function vodItems(): D['vod_items'] {
  return vodTitles.map(([category, title, asset, matchup], i) => ({
    key: `vod-${i + 1}`,
    title,
    description: `${title}, from the Lakeshore Sports Network archive.`,
    days_ago: 2 + i * 3,
    duration: GAME_SECONDS,
    category,
    type: i % 4 === 3 ? 'paid' : 'free',
    asset: i % 4 === 3 ? paidRecordings[Math.floor(i / 4)] : asset,
    image: matchup ? gamePoster(`vod-${i + 1}`) : poster(sports[i % sports.length]),
  }));
}

/** The posters of the full-game videos that name their two schools. */
export function videoPosters(): D['images'] {
  return vodTitles.flatMap(([, title, , matchup], i) => (matchup ? [videoPoster(`vod-${i + 1}`, title, sports[i % sports.length].name, matchup)] : []));
}

export const vodRails: D['vod_rails'] = [
  { title: 'Latest highlights', items: ['vod-5', 'vod-6', 'vod-7', 'vod-8', 'vod-1'] },
  { title: 'Full games', items: ['vod-1', 'vod-2', 'vod-3', 'vod-4'] },
  { title: "Coaches' corner and interviews", items: ['vod-9', 'vod-10', 'vod-11', 'vod-12'] },
];

export const slides: D['slides'] = [
  {
    type: 'main',
    title: 'Live now: Lakeshore basketball',
    subtitle: 'Every conference game, live and on demand',
    image: '/media/images/poster-basketball.svg',
    slidable_type: 'event',
    target: 'event-1',
    link_url: null,
  },
  {
    type: 'main',
    title: 'Soccer season is here',
    subtitle: 'Boys and girls soccer every week',
    image: '/media/images/poster-soccer.svg',
    slidable_type: 'event',
    target: 'event-5',
    link_url: null,
  },
  {
    type: 'main',
    title: 'Relive the volleyball championship',
    subtitle: 'Full game on demand',
    image: '/media/images/poster-volleyball.svg',
    slidable_type: 'vod',
    target: 'vod-3',
    link_url: null,
  },
  {
    type: 'main',
    title: 'Get the season pass',
    subtitle: 'All games of your sport, one price',
    image: '/media/images/poster-football.svg',
    slidable_type: 'url',
    target: null,
    link_url: '/packages',
  },
];

/** What each kind of product lets a fan do here (ADR 038: the channel's data, said explicitly
 *  though it is the import's default): a pass watches and clips, a single game only watches, a
 *  subscription does everything, downloads and the paid library included. */
const PASS_CAPABILITIES: D['packages'][number]['capabilities'] = ['watch', 'clipping'];
const SINGLE_GAME_CAPABILITIES: D['packages'][number]['capabilities'] = ['watch'];
const SUBSCRIPTION_CAPABILITIES: D['subscriptions'][number]['capabilities'] = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access'];

/** A season pass per sport (choose boys, girls or both: one pass per choice), a team pass (choose
 *  teams), an add-on, a single-game ticket per sport for its paid games. */
export function packages(): D['packages'] {
  const seasonPasses: D['packages'] = sports.map((sport) => ({
    key: `season-${sport.alias}`,
    name: `${sport.name} season pass`,
    description: `Every ${sport.name.toLowerCase()} game of the season, live and on demand: choose boys, girls or both.`,
    price: 49.99,
    base_price: 47.99,
    service_fee: 2,
    image: poster(sport),
    type: 'package',
    pass_type: 'paid',
    kind: 'regular',
    category: sport.alias,
    categories: genders.map((g) => `${sport.alias}-${g.alias}`),
    period: 'season',
    capabilities: PASS_CAPABILITIES,
  }));
  const harbor = schools[0];
  const teamPass: D['packages'][number] = {
    key: 'team-harbor-point',
    name: 'Harbor Point Pirates team pass',
    description: 'Every game of the Harbor Point Pirates teams you choose, all season, live and on demand.',
    price: 39.99,
    base_price: 38.49,
    service_fee: 1.5,
    image: `/media/images/logo-${harbor.alias}.webp`,
    type: 'package',
    pass_type: 'paid',
    kind: 'regular',
    is_team_pass: true,
    participants: sports.flatMap((sport) => genders.map((g) => teamAlias(harbor, sport, g))),
    period: 'season',
    capabilities: PASS_CAPABILITIES,
  };
  const addOn: D['packages'][number] = {
    key: 'basketball-playoffs-addon',
    name: 'Basketball playoffs add-on',
    description: 'Adds the conference basketball playoffs to the basketball season pass.',
    price: 9.99,
    base_price: 9.49,
    service_fee: 0.5,
    image: poster(sports[0]),
    type: 'package',
    pass_type: 'paid',
    kind: 'additional',
    parent: 'season-basketball',
    category: 'basketball',
    categories: genders.map((g) => `basketball-${g.alias}`),
    period: 'season',
    capabilities: PASS_CAPABILITIES,
  };
  const singleGames: D['packages'] = sports.map((sport) => ({
    key: `single-${sport.alias}`,
    name: `Single ${sport.name.toLowerCase()} game`,
    description: `One paid ${sport.name.toLowerCase()} game of your choice, live and on demand.`,
    price: 7.99,
    base_price: 7.49,
    service_fee: 0.5,
    image: poster(sport),
    type: 'event',
    pass_type: 'ppv',
    kind: 'regular',
    category: sport.alias,
    categories: [sport.alias],
    capabilities: SINGLE_GAME_CAPABILITIES,
  }));
  return [...seasonPasses, teamPass, addOn, ...singleGames];
}

export const subscriptions: D['subscriptions'] = [
  {
    key: 'monthly',
    name: 'Monthly subscription',
    description: 'Every sport, every game, renewed each month. Starts with a 7-day free trial.',
    price: 12.99,
    base_price: 11.99,
    service_fee: 1,
    image: '/media/images/conference-logo.webp',
    offer: 'monthly',
    period: 'month',
    trial_period: 7,
    categories: sports.map((s) => s.alias),
    capabilities: SUBSCRIPTION_CAPABILITIES,
  },
  {
    key: 'annual',
    name: 'Annual subscription',
    description: 'Every sport, every game, for a year at the best price. Starts with a 14-day free trial.',
    price: 99.99,
    base_price: 95.99,
    service_fee: 4,
    image: '/media/images/conference-logo.webp',
    offer: 'annual',
    period: 'annual',
    trial_period: 14,
    categories: sports.map((s) => s.alias),
    capabilities: SUBSCRIPTION_CAPABILITIES,
  },
];

/** The demo's promotion codes (README, "Payments"): one of each kind of limit. */
export const coupons: D['coupons'] = [
  { code: 'WELCOME10', percent_off: 10, first_purchase_only: true },
  { code: 'SEASON5', amount_off: 5, minimum_amount: 20, applies_to: ['package'] },
  { code: 'GAMEDAY', percent_off: 50, applies_to: ['event'], expires_in_days: -1 },
  { code: 'FULLPASS', percent_off: 100, max_redemptions: 1 },
  { code: 'ONCE20', percent_off: 20, max_redemptions_per_user: 1 },
];
