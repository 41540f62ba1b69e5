import type { ChannelDescriptionInput } from '../description.ts';

type D = Required<ChannelDescriptionInput>;

/* The Lakeshore Athletic Conference: eight fictional schools in two divisions. Colours are dark
 * enough that white letters on them pass WCAG AA (≥ 4.5:1): their crests' monograms, their names
 * on the game posters. */
export const schools = [
  { alias: 'harbor-point', name: 'Harbor Point Pirates', short: 'Harbor Point', initials: 'HP', color: '#0B3D91', division: 'north', city: 'Harbor Point' },
  { alias: 'lakeview', name: 'Lakeview Lions', short: 'Lakeview', initials: 'LV', color: '#5B1A8B', division: 'north', city: 'Lakeview' },
  { alias: 'northfield', name: 'Northfield Falcons', short: 'Northfield', initials: 'NF', color: '#1B5E20', division: 'north', city: 'Northfield' },
  { alias: 'cedar-ridge', name: 'Cedar Ridge Wolves', short: 'Cedar Ridge', initials: 'CR', color: '#37474F', division: 'north', city: 'Cedar Ridge' },
  { alias: 'bayside', name: 'Bayside Mariners', short: 'Bayside', initials: 'BM', color: '#00574B', division: 'south', city: 'Bayside' },
  { alias: 'riverbend', name: 'Riverbend Otters', short: 'Riverbend', initials: 'RO', color: '#8D2B0B', division: 'south', city: 'Riverbend' },
  { alias: 'pinecrest', name: 'Pinecrest Timberwolves', short: 'Pinecrest', initials: 'PT', color: '#2E4A1F', division: 'south', city: 'Pinecrest' },
  { alias: 'westshore', name: 'Westshore Waves', short: 'Westshore', initials: 'WW', color: '#0D47A1', division: 'south', city: 'Westshore' },
] as const;
export type School = (typeof schools)[number];

export const sports = [
  { alias: 'basketball', name: 'Basketball', color: '#7A2E00' },
  { alias: 'soccer', name: 'Soccer', color: '#1E4D2B' },
  { alias: 'volleyball', name: 'Volleyball', color: '#143D6B' },
  { alias: 'football', name: 'Football', color: '#4A2A0A' },
] as const;
export type Sport = (typeof sports)[number];

export const genders = [
  { code: 'M', word: 'Boys', alias: 'boys' },
  { code: 'W', word: 'Girls', alias: 'girls' },
] as const;
export type Gender = (typeof genders)[number];

export const logo = (s: School) => `/media/images/logo-${s.alias}.webp`;
export const poster = (sport: Sport) => `/media/images/poster-${sport.alias}.svg`;
/** A game's or a full-game video's own poster (its two schools and its sport: seed/demo/posters.ts). */
export const gamePoster = (key: string) => `/media/images/poster-${key}.svg`;
/** How the art draws a school (channel-api/art/crest.ts): its crest varies with its alias. */
export const crestOf = (s: School) => ({ seed: s.alias, monogram: s.initials, color: s.color });
export const teamAlias = (s: School, sport: Sport, g: Gender) => `${s.alias}-${g.alias}-${sport.alias}`;
export const categoryAlias = (sport: Sport, g: Gender) => `${sport.alias}-${g.alias}`;

export const divisions: D['participant_groups'] = [
  { alias: 'north', name: 'North Division', image: '/media/images/division-north.webp' },
  { alias: 'south', name: 'South Division', image: '/media/images/division-south.webp' },
];

/** Schools first, then their teams (children) with gender and sport properties. */
export function participants(): D['participants'] {
  const list: D['participants'] = schools.map((s) => ({
    alias: s.alias,
    name: s.name,
    short_name: s.short,
    color: s.color,
    logo: logo(s),
    banner: null,
    group: s.division,
    parent: null,
    properties: {},
  }));
  for (const s of schools)
    for (const sport of sports)
      for (const g of genders)
        list.push({
          alias: teamAlias(s, sport, g),
          name: `${s.name} ${g.word} ${sport.name}`,
          short_name: s.short,
          color: s.color,
          logo: logo(s),
          banner: null,
          group: s.division,
          parent: s.alias,
          properties: { gender: g.code, sport: sport.alias },
        });
  return list;
}

export function eventCategories(): D['event_categories'] {
  return sports.flatMap((sport) => [
    { alias: sport.alias, name: sport.name, parent: null },
    ...genders.map((g) => ({ alias: categoryAlias(sport, g), name: `${g.word} ${sport.name}`, parent: sport.alias })),
  ]);
}

export function images(): D['images'] {
  return [
    {
      name: 'conference-logo',
      style: 'badge',
      title: 'Lakeshore Athletic Conference logo',
      text: 'LAC',
      background: '#0B2545',
      foreground: '#FFFFFF',
      accent: '#F2C14E',
    },
    ...schools.map((s) => ({ name: `logo-${s.alias}`, style: 'crest' as const, title: `${s.name} logo`, crest: crestOf(s) })),
    ...divisions.map((d) => ({
      name: `division-${d.alias}`,
      style: 'badge' as const,
      title: `${d.name} logo`,
      text: d.alias === 'north' ? 'N' : 'S',
      background: '#0B2545',
      foreground: '#FFFFFF',
      accent: '#F2C14E',
    })),
    ...sports.map((sport) => ({
      name: `poster-${sport.alias}`,
      style: 'banner' as const,
      title: `${sport.name} in the Lakeshore Athletic Conference`,
      text: sport.name,
      subtext: 'Lakeshore Athletic Conference',
      background: sport.color,
      foreground: '#FFFFFF',
      accent: '#F2C14E',
    })),
  ];
}
