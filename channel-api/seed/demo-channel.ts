import { coupons, packages, slides, subscriptions, vodCategories, vodItems, vodRails, videoPosters } from './demo/catalogue.ts';
import { colorSettings, faq, menu, pages, staticBlocks } from './demo/content.ts';
import { events, locations } from './demo/events.ts';
import { customForms } from './demo/forms.ts';
import { eventPosters } from './demo/posters.ts';
import { divisions, eventCategories, images, participants, sports } from './demo/schools.ts';
import type { ChannelDescriptionInput } from './description.ts';

/** The demo channel, a fictional school conference. Loaded on first start (seed/seed.ts). */
export function demoChannel(): ChannelDescriptionInput {
  const games = events();
  return {
    slug: 'demo',
    name: 'Lakeshore Athletic Conference',
    settings: {
      logo: '/media/images/conference-logo.webp',
      language: 'en',
      multilanguage: false,
      currency: 'USD',
      time_zone: 'America/Chicago',
      'google-analytics': null,
      'yare-analytics': null,
      basic_pass: false,
      cookie_notice: false,
      contact_email: 'support@lakeshore-conference.example',
      contact_phone: '+1 555 0100',
      address: '1 Conference Plaza, Lakeview',
      social: [
        { name: 'facebook', url: 'https://facebook.example/lakeshore-conference' },
        { name: 'youtube', url: 'https://youtube.example/lakeshore-conference' },
      ],
    },
    custom_forms: customForms,
    color_settings: colorSettings,
    geo: {
      default_country_code: 'US',
      default_country: 'United States',
      blocked_countries: ['ZZ'],
      // 203.0.113.0/24 is TEST-NET-3 (RFC 5737): tests send it in X-Forwarded-For to see a blocked region.
      ranges: [{ cidr: '203.0.113.0/24', country_code: 'ZZ', country: 'Restricted Test Region' }],
    },
    images: [...images(), ...eventPosters(games), ...videoPosters()],
    participant_group_properties: [
      {
        name: 'gender',
        label: 'Gender',
        values: [
          { value: 'M', label: 'Men' },
          { value: 'W', label: 'Women' },
        ],
      },
      { name: 'sport', label: 'Sport', values: sports.map((s) => ({ value: s.alias, label: s.name })) },
    ],
    participant_groups: divisions,
    participants: participants(),
    event_categories: eventCategories(),
    locations,
    events: games,
    pages,
    static_blocks: staticBlocks,
    faq,
    menu,
    slides,
    vod_categories: vodCategories,
    vod_items: vodItems(),
    vod_rails: vodRails,
    packages: packages(),
    subscriptions,
    coupons,
  };
}
